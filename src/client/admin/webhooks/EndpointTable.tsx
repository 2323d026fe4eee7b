import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpointView } from '../../../shared/api';

export type EndpointAction = 'edit' | 'toggle' | 'rotate' | 'test' | 'deliveries' | 'delete';
const ACTIONS: EndpointAction[] = ['deliveries', 'test', 'edit', 'toggle', 'rotate', 'delete'];

/** The endpoints: url, event (or all), types, state (enabled, switched off, failing), and each one's actions. */
export function EndpointTable({ endpoints, onAction }: { endpoints: WebhookEndpointView[]; onAction: (action: EndpointAction, endpoint: WebhookEndpointView) => void }) {
  const { t } = useTranslation('admin');
  const state = (endpoint: WebhookEndpointView) =>
    endpoint.enabled ? t(endpoint.failing_since ? 'webhooks.state.failing' : 'webhooks.state.enabled') : t(`webhooks.state.${endpoint.disabled_reason ?? 'operator'}Off`);
  const label = (action: EndpointAction, endpoint: WebhookEndpointView) =>
    action === 'toggle' ? t(endpoint.enabled ? 'webhooks.action.disable' : 'webhooks.action.enable') : t(`webhooks.action.${action}`);
  return (
    <Table size="small" aria-label={t('webhooks.endpoints')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('webhooks.url')}</TableCell>
          <TableCell>{t('webhooks.event')}</TableCell>
          <TableCell>{t('webhooks.types')}</TableCell>
          <TableCell>{t('webhooks.stateLabel')}</TableCell>
          <TableCell>{t('webhooks.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {endpoints.map((endpoint) => (
          <TableRow key={endpoint.id}>
            <TableCell sx={{ wordBreak: 'break-all' }}>{endpoint.url}{endpoint.description && <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>{endpoint.description}</Box>}</TableCell>
            <TableCell>{endpoint.event_url ?? t('webhooks.allEvents')}</TableCell>
            <TableCell>{endpoint.event_types.join(', ')}</TableCell>
            <TableCell>{state(endpoint)}</TableCell>
            <TableCell>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {ACTIONS.map((action) => (
                  <Button key={action} size="small" color={action === 'delete' ? 'error' : 'primary'} aria-label={`${label(action, endpoint)}: ${endpoint.url}`} onClick={() => onAction(action, endpoint)}>
                    {label(action, endpoint)}
                  </Button>
                ))}
              </Box>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
