import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formStateOf, shownErrors } from '../../state/formContext';
import { translateText } from '../../i18n/translateText';
import { ATTENDEE_MESSAGE_KEYS } from '../../../src/shared/attendee-form/message-keys';
import { checkImageFile, formatBytes, formatNames } from './checkImageFile';
import { readAsDataUrl } from './readAsDataUrl';

/**
 * `fileImage`: an image answer kept as a data URL. The type and size are checked before
 * the file is read (ui:options `accept`, `maxBytes`, `formatMessage`, `sizeMessage`);
 * a refused file leaves no value and its message on the field. A chosen image shows as a
 * thumbnail with Replace and Remove. The native file input stays the focusable control
 * (named by the field's label), styled as a button.
 */
export const FileImage = observer(function FileImage(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, label, onChange, onBlur, options, rawErrors, registry } = props;
  const { t, i18n } = useTranslation();
  const state = formStateOf(registry);
  const labelId = `${id}__label`;
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const invalid = shownErrors(id, rawErrors, registry).length > 0;
  const accept = typeof options.accept === 'string' ? options.accept : 'image/*';
  const maxBytes = typeof options.maxBytes === 'number' ? options.maxBytes : undefined;
  const pointer = state?.pointerOfId(id) ?? '';
  // rjsf holds a handle for the (large) data URL; the real value lives in the form state.
  const image = state ? state.largeValues.resolve(value) : value;
  const hasImage = typeof image === 'string' && image.startsWith('data:image/');
  const locked = disabled || readonly || reading;
  const fieldLabel = translateText(t, label);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    state?.touch(pointer);
    const problem = checkImageFile(file, {
      accept,
      maxBytes,
      formatMessage: typeof options.formatMessage === 'string' ? options.formatMessage : undefined,
      sizeMessage: typeof options.sizeMessage === 'string' ? options.sizeMessage : undefined,
    });
    if (problem) {
      state?.setWidgetProblem(pointer, problem);
      setFileName(file.name);
      onChange(options.emptyValue);
      return;
    }
    setReading(true);
    try {
      const dataUrl = await readAsDataUrl(file);
      state?.setWidgetProblem(pointer, null);
      setFileName(file.name);
      onChange(state ? state.largeValues.intern(dataUrl) : dataUrl);
    } catch {
      state?.setWidgetProblem(pointer, ATTENDEE_MESSAGE_KEYS.invalidImage);
      onChange(options.emptyValue);
    } finally {
      setReading(false);
      onBlur(id, undefined);
    }
  };

  const remove = () => {
    state?.setWidgetProblem(pointer, null);
    state?.touch(pointer);
    setFileName(null);
    onChange(options.emptyValue);
    inputRef.current?.focus();
  };

  const hint = maxBytes !== undefined
    ? t('forms:fileImage.hintWithSize', { formats: formatNames(accept), size: formatBytes(maxBytes, i18n.language === 'en' ? 'en-US' : 'es-MX') })
    : t('forms:fileImage.hint', { formats: formatNames(accept) });

  return (
    <Box component="div">
      <FormLabel id={labelId} htmlFor={id} required={required} error={invalid} sx={{ display: 'block', mb: 1, color: 'text.primary' }}>
        {fieldLabel}
      </FormLabel>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {hasImage ? (
          <Box
            component="img"
            src={image as string}
            alt={t('forms:fileImage.preview', { label: fieldLabel })}
            sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
        ) : null}
        {/* A plain label styled as a button: the file input inside stays the only control (no nested interactive roles). */}
        <Box
          component="label"
          sx={{
            position: 'relative',
            display: 'inline-flex',
            alignItems: 'center',
            px: 2,
            py: 0.75,
            border: 1,
            borderColor: locked ? 'action.disabled' : 'primary.main',
            borderRadius: 1,
            color: locked ? 'text.disabled' : 'primary.main',
            fontWeight: 600,
            fontSize: '0.875rem',
            cursor: locked ? 'default' : 'pointer',
            '&:hover': locked ? undefined : { bgcolor: 'action.hover' },
            '&:focus-within': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          {hasImage ? t('forms:fileImage.replace') : t('forms:fileImage.choose')}
          <Box
            component="input"
            ref={inputRef}
            type="file"
            id={id}
            name={htmlName || id}
            accept={accept}
            disabled={locked}
            required={required && !hasImage}
            aria-labelledby={labelId}
            aria-describedby={`${ariaDescribedByIds(id)} ${hintId}`}
            aria-invalid={invalid || undefined}
            onChange={onFile}
            sx={{ position: 'absolute', inset: 0, opacity: 0, width: '100%', height: '100%', cursor: 'inherit' }}
          />
        </Box>
        {hasImage ? (
          <Button variant="text" color="inherit" onClick={remove} disabled={locked}>
            {t('forms:fileImage.remove')}
          </Button>
        ) : null}
        <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {reading ? t('forms:fileImage.reading') : hasImage ? (fileName ?? t('forms:fileImage.selected')) : t('forms:fileImage.none')}
        </Typography>
      </Box>
      <Typography id={hintId} variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        {hint}
      </Typography>
    </Box>
  );
});
