import Box from '@mui/material/Box';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../../renderers/SchemaForm/SchemaForm';
import type { AttendeeAnswers } from '../../../shared/attendee-form/attendee-form.types';
import type { AttendeeBlock } from './AttendeeFormStore';

/** One attendee block: a fieldset named by its legend ('General · Boleto 1 de 2') around the ticket's schema form. */
export const AttendeeBlockForm = observer(function AttendeeBlockForm({ block, disabled }: { block: AttendeeBlock; disabled: boolean }) {
  const { t } = useTranslation('checkout');
  return (
    <Box
      component="fieldset"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
        p: { xs: 2, sm: 3 },
        m: 0,
        mb: 2,
        minWidth: 0,
        // Blocks out of view skip style, layout and paint: a keystroke repaints only what is on screen.
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 640px',
      }}
    >
      <Box component="legend" sx={{ px: 1, fontWeight: 600, fontSize: '1.05rem' }}>
        {t('form.block', { name: block.ticketName, index: block.iteration + 1, count: block.count })}
      </Box>
      <SchemaForm<AttendeeAnswers>
        schema={block.schema}
        uiSchema={block.uiSchema}
        validator={block.validator}
        state={block.state}
        tagName="div"
        disabled={disabled}
      />
    </Box>
  );
});
