import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminEventListResponse, AdminEventSummary, WebhookDeliveryView, WebhookEndpointCreateRequest, WebhookEndpointView } from '../../../shared/api';
import { failureMessage } from '../failureMessage';
import { useAdmin } from '../useAdmin';
import { Deliveries } from './Deliveries';
import { EndpointForm } from './EndpointForm';
import { EndpointTable, type EndpointAction } from './EndpointTable';
import { SecretNotice } from './SecretNotice';
import { webhooksApi } from './webhooksApi';

/** Outbound webhooks: the endpoints with their actions, the create/edit form, the secret shown once, an endpoint's deliveries. */
export function WebhooksPage() {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const hooks = useMemo(() => webhooksApi(api), [api]);
  const [endpoints, setEndpoints] = useState<WebhookEndpointView[]>([]);
  const [events, setEvents] = useState<AdminEventSummary[]>([]);
  const [editing, setEditing] = useState<WebhookEndpointView>();
  const [deleting, setDeleting] = useState<WebhookEndpointView>();
  const [open, setOpen] = useState<{ endpoint: WebhookEndpointView; deliveries: WebhookDeliveryView[] }>();
  const [secret, setSecret] = useState<string>();
  /** Bumped after a save: the form starts empty again. */
  const [saved, setSaved] = useState(0);
  const [done, setDone] = useState('');
  const [error, setError] = useState<string>();

  /**
   * Runs an action, then reads the endpoints and the delivery log of `show` (else of the endpoint open now) again;
   * the action's sentence goes to the live region.
   */
  const attempt = async (work: () => Promise<string | undefined>, show?: WebhookEndpointView) => {
    try {
      const said = await work();
      setError(undefined);
      if (said) setDone(said);
      const list = (await hooks.list()).endpoints;
      setEndpoints(list);
      const target = show ?? open?.endpoint;
      const shown = target && list.find((one) => one.id === target.id);
      setOpen(shown ? { endpoint: shown, deliveries: (await hooks.deliveries(shown.id)).deliveries } : undefined);
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };
  useEffect(() => {
    void attempt(async () => undefined);
    api.request<AdminEventListResponse>('GET', '/api/admin/events').then((answer) => setEvents(answer.events), (failure: unknown) => setError(failureMessage(failure)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hooks]);

  const save = (body: WebhookEndpointCreateRequest) =>
    attempt(async () => {
      if (editing) {
        const { event_url: _eventUrl, ...change } = body;
        await hooks.update(editing.id, change);
        setEditing(undefined);
        setSaved((count) => count + 1);
        return t('webhooks.done.saved', { url: body.url });
      }
      setSecret((await hooks.create(body)).secret);
      setSaved((count) => count + 1);
      return t('webhooks.done.created', { url: body.url });
    });
  const act = (action: EndpointAction, endpoint: WebhookEndpointView) => {
    const { id, url } = endpoint;
    if (action === 'edit') return setEditing(endpoint);
    if (action === 'delete') return setDeleting(endpoint);
    if (action === 'deliveries') return void attempt(async () => undefined, endpoint);
    void attempt(async () => {
      if (action === 'toggle') {
        await hooks.update(id, { enabled: !endpoint.enabled });
        return t(endpoint.enabled ? 'webhooks.done.disabled' : 'webhooks.done.enabled', { url });
      }
      if (action === 'rotate') {
        setSecret((await hooks.rotateSecret(id)).secret);
        return t('webhooks.done.rotated', { url });
      }
      const { delivery } = await hooks.test(id);
      return t('webhooks.done.tested', { url, status: t(`webhooks.deliveries.statuses.${delivery.status}`) });
    }, action === 'test' ? endpoint : undefined);
  };
  const remove = (endpoint: WebhookEndpointView) => {
    setDeleting(undefined);
    void attempt(async () => {
      await hooks.remove(endpoint.id);
      return t('webhooks.done.deleted', { url: endpoint.url });
    });
  };
  const resend = (delivery: WebhookDeliveryView) =>
    open && void attempt(async () => t('webhooks.done.resent', { status: t(`webhooks.deliveries.statuses.${(await hooks.resend(open.endpoint.id, delivery.id)).delivery.status}`) }));

  return (
    <>
      <Typography component="h1" variant="h5" gutterBottom>{t('webhooks.title')}</Typography>
      <Typography sx={{ mb: 2 }}>{t('webhooks.help')}</Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <Box role="status" sx={{ mb: 1 }}>{done && <Alert severity="success">{done}</Alert>}</Box>
      {secret && <SecretNotice secret={secret} onDone={() => setSecret(undefined)} />}
      {endpoints.length === 0 ? <Typography>{t('webhooks.empty')}</Typography> : <EndpointTable endpoints={endpoints} onAction={act} />}
      {open && <Deliveries endpoint={open.endpoint} deliveries={open.deliveries} onResend={resend} onClose={() => setOpen(undefined)} />}
      <EndpointForm key={`${editing?.id ?? 'new'}-${saved}`} events={events} editing={editing} onSave={save} onCancel={editing ? () => setEditing(undefined) : undefined} />
      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(undefined)} aria-labelledby="webhook-delete-title">
        <DialogTitle id="webhook-delete-title">{t('webhooks.delete.title')}</DialogTitle>
        <DialogContent>{deleting && t('webhooks.delete.body', { url: deleting.url })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(undefined)}>{t('webhooks.delete.cancel')}</Button>
          <Button color="error" onClick={() => deleting && remove(deleting)}>{t('webhooks.delete.confirm')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
