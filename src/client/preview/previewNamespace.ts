import type { i18n } from 'i18next';
import en from '../../../locales/en/preview.json';
import es from '../../../locales/es/preview.json';

/** Adds the `preview` namespace; only the preview chunk imports it, so no buyer page carries these strings. */
export function addPreviewNamespace(instance: i18n): void {
  if (!instance.hasResourceBundle('es', 'preview')) instance.addResourceBundle('es', 'preview', es, true, false);
  if (!instance.hasResourceBundle('en', 'preview')) instance.addResourceBundle('en', 'preview', en, true, false);
}
