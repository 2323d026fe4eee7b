import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../renderers/SchemaForm/SchemaForm';
import type { BuyerForm } from '../api/paymentTypes';
import { AttendeeBlockForm } from '../forms/attendee/AttendeeBlockForm';
import { loadStaticForm, type StaticForm } from '../forms/staticForms';
import type { PreviewStore } from './PreviewStore';
import { PreviewTickets } from './PreviewTickets';

export const sectionSx = { border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper', p: { xs: 2, sm: 3 }, mb: 3 } as const;

/** The buyer's details form, from the same schema and precompiled validator as the payment step. */
function BuyerPreview() {
  const [form, setForm] = useState<StaticForm<BuyerForm> | null>(null);
  useEffect(() => {
    void loadStaticForm<BuyerForm>('buyer', { idPrefix: 'preview-buyer' }).then(setForm);
  }, []);
  return form ? <SchemaForm<BuyerForm> schema={form.schema} uiSchema={form.uiSchema} validator={form.validator} state={form.state} tagName="div" /> : null;
}

/**
 * What a previewed event file looks like to buyers: the ticket list, each chosen ticket's attendee
 * blocks and the buyer form (`/admin/preview`, and beside the console's event editor, whose
 * headings sit one level lower: `headingLevel` 3).
 */
export const PreviewSections = observer(function PreviewSections({ store, headingLevel = 2 }: { store: PreviewStore; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('preview');
  const preview = store.preview;
  if (!preview?.event) return null;
  const heading = `h${headingLevel}` as const;
  return (
    <>
      <Box component="section" aria-labelledby="preview-tickets" sx={sectionSx}>
        <Typography id="preview-tickets" component={heading} variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
          {t('tickets.heading')}
          {preview.event.name ? ` · ${preview.event.name}` : ''}
        </Typography>
        <PreviewTickets event={preview.event} store={store} />
      </Box>
      {store.blocks.length > 0 ? (
        <Box component="section" aria-labelledby="preview-attendees" sx={{ mb: 3 }}>
          <Typography id="preview-attendees" component={heading} variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
            {t('attendees.heading')}
          </Typography>
          {store.blocks.map((block) => (
            <AttendeeBlockForm key={`${preview.module}-${block.key}`} block={block} disabled={false} />
          ))}
        </Box>
      ) : null}
      <Box component="section" aria-labelledby="preview-buyer" sx={sectionSx}>
        <Typography id="preview-buyer" component={heading} variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
          {t('buyer.heading')}
        </Typography>
        <BuyerPreview />
      </Box>
    </>
  );
});
