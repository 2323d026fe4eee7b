import Button from '@mui/material/Button';
import type { i18n } from 'i18next';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { apiErrorText } from '../i18n/apiErrorText';
import type { Notification } from '../stores/ports';

let mounted = false;

// notistack's default warning/info/success colours fail WCAG AA with white text.
const VARIANT_BACKGROUND: Record<Notification['variant'], string> = {
  error: '#b71c1c',
  warning: '#8a4b00',
  success: '#1b6b30',
  info: '#1f4fbf',
};

/** Mounts notistack once in its own React root (4000 ms by default, at most 3 visible). */
function mountToaster(): void {
  if (mounted) return;
  mounted = true;
  const container = document.createElement('div');
  container.setAttribute('data-toaster', '');
  document.body.appendChild(container);
  // Synchronous, so notistack's global enqueueSnackbar is wired before the first call.
  flushSync(() => {
    createRoot(container).render(
      <SnackbarProvider maxSnack={3} autoHideDuration={4000} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} />,
    );
  });
}

/**
 * Shows one toast; keys are translated now, in the language the buyer sees. An API error is
 * said by its code when the catalogue can (so in the buyer's language), else with the server's text.
 */
export function showToast(notification: Notification, i18nInstance: i18n): void {
  mountToaster();
  const t = i18nInstance.t;
  const title = apiErrorText(i18nInstance, notification.code) ?? notification.text ?? (notification.messageKey ? t(notification.messageKey) : '');
  const message = notification.descriptionKey ? (
    <span>
      <strong>{title}</strong>
      <br />
      {t(notification.descriptionKey)}
    </span>
  ) : (
    title
  );
  const action = notification.action;
  enqueueSnackbar(message, {
    variant: notification.variant,
    autoHideDuration: notification.durationMs,
    style: { backgroundColor: VARIANT_BACKGROUND[notification.variant], color: '#fff' },
    action: action
      ? () => (
          <Button color="inherit" size="small" href={action.href} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 700, textDecoration: 'underline' }}>
            {t(action.labelKey)}
          </Button>
        )
      : undefined,
  });
}
