import Box from '@mui/material/Box';
import { getUiOptions, type FieldTemplateProps } from '@rjsf/utils';

/** Widgets that take a whole row of the form grid (a consent line, an image, long text, a row of choices). */
const WIDE_WIDGETS = new Set(['checkboxLink', 'fileImage', 'textarea', 'checkboxes']);

/**
 * One field: the widget (which renders its own label, tied to its input), then the
 * field's error line and help. Objects, consent boxes and images take the whole row.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { children, errors, help, description, rawDescription, displayLabel, hidden, schema, uiSchema, classNames, style } = props;
  if (hidden) return <div hidden>{children}</div>;
  const options = getUiOptions(uiSchema);
  const wide = schema.type === 'object' || options.fullWidth === true || WIDE_WIDGETS.has(String(options.widget ?? ''));
  return (
    <Box className={classNames} style={style} sx={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}>
      {children}
      {displayLabel && rawDescription ? description : null}
      {errors}
      {help}
    </Box>
  );
}
