import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminEventSummary, WebhookEndpointCreateRequest, WebhookEndpointView, WebhookSubscribableType } from '../../../shared/api';
import { WEBHOOK_TYPES } from './webhooksApi';

/** Every event of the account, in the event select (an endpoint without `event_url`). */
const ALL = '';

/** Creates an endpoint, or edits `editing` (its event stays): url, event or all, types, description. */
export function EndpointForm({ events, editing, onSave, onCancel }: {
  events: AdminEventSummary[];
  editing?: WebhookEndpointView;
  onSave: (body: WebhookEndpointCreateRequest) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('admin');
  const [url, setUrl] = useState(editing?.url ?? '');
  const [eventUrl, setEventUrl] = useState(editing?.event_url ?? ALL);
  const [types, setTypes] = useState<WebhookSubscribableType[]>(editing?.event_types ?? ['order.paid']);
  const [description, setDescription] = useState(editing?.description ?? '');
  const toggle = (type: WebhookSubscribableType, on: boolean) => setTypes((chosen) => (on ? WEBHOOK_TYPES.filter((one) => one === type || chosen.includes(one)) : chosen.filter((one) => one !== type)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave({ url, event_url: eventUrl === ALL ? null : eventUrl, event_types: types, description });
  };
  const title = editing ? t('webhooks.form.editTitle', { url: editing.url }) : t('webhooks.form.createTitle');
  return (
    <Box component="form" onSubmit={submit} aria-label={title} sx={{ display: 'grid', gap: 2, maxWidth: 560, mt: 3 }}>
      <Typography component="h2" variant="h6">{title}</Typography>
      <TextField label={t('webhooks.url')} type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />
      <TextField select label={t('webhooks.event')} value={eventUrl} disabled={Boolean(editing)} onChange={(e) => setEventUrl(e.target.value)} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
        <MenuItem value={ALL}>{t('webhooks.allEvents')}</MenuItem>
        {events.map((event) => <MenuItem key={event.url} value={event.url}>{event.name}</MenuItem>)}
      </TextField>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('webhooks.types')}</FormLabel>
        <FormGroup>
          {WEBHOOK_TYPES.map((type) => (
            <FormControlLabel key={type} label={type} control={<Checkbox checked={types.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />} />
          ))}
        </FormGroup>
      </FormControl>
      <TextField label={t('webhooks.description')} value={description} onChange={(e) => setDescription(e.target.value)} multiline minRows={2} />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={types.length === 0}>{t(editing ? 'webhooks.form.save' : 'webhooks.form.create')}</Button>
        {onCancel && <Button onClick={onCancel}>{t('webhooks.form.cancel')}</Button>}
      </Box>
    </Box>
  );
}
