import Box from '@mui/material/Box';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';

/**
 * The fields of an object on a grid: one column on phones, two from md up (wide fields
 * span both). No title: pages put their own heading (or legend) above each form.
 */
export function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps) {
  return (
    <Box sx={{ display: 'grid', rowGap: 1, columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
      {properties.filter((property) => !property.hidden).map((property) => property.content)}
    </Box>
  );
}
