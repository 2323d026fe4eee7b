import Box from '@mui/material/Box';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { conditionsOf, hiddenFields } from '../../../src/shared/attendee-form/conditions';

/**
 * The fields of an object on a grid: one column on phones, two from md up (wide fields
 * span both). No title: pages put their own heading (or legend) above each form. A field whose
 * `visible_when` does not hold for the current answers is not rendered at all (the schema's
 * `x-visibleWhen`), so it leaves the tab order and the accessibility tree with its input.
 */
export function ObjectFieldTemplate({ properties, schema, formData }: ObjectFieldTemplateProps) {
  const hidden = hiddenFields(conditionsOf(schema), formData as Record<string, unknown> | undefined);
  return (
    <Box sx={{ display: 'grid', rowGap: 1, columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
      {properties.filter((property) => !property.hidden && !hidden.has(property.name)).map((property) => property.content)}
    </Box>
  );
}
