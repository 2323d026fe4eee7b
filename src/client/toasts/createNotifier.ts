import type { i18n } from 'i18next';
import type { Notifier } from '../stores/ports';

/**
 * Turns the stores' toast requests into notistack snackbars. notistack is loaded
 * with the first toast: most visits never see one, so the ticket page does not pay for it.
 */
export function createNotifier(i18nInstance: i18n): Notifier {
  let toaster: Promise<typeof import('./showToast')> | null = null;
  return (notification) => {
    toaster ??= import('./showToast');
    toaster.then(
      ({ showToast }) => showToast(notification, i18nInstance),
      (error: unknown) => {
        toaster = null;
        console.error('Could not load the toast module', error, notification);
      },
    );
  };
}
