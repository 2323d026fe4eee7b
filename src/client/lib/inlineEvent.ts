import type { InlineEventData } from '../../shared/api';

/**
 * The event the server inlined in the page (`<script id="event-data" type="application/json">`,
 * src/server/storefront/page-template.ts), read once: the first view shows it without asking
 * the API; later navigation loads events through the API as before.
 */
export function takeInlineEvent(doc: Document): InlineEventData | null {
  const element = doc.getElementById('event-data');
  if (!element) return null;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as InlineEventData;
    return data && typeof data.url === 'string' && data.answer?.event ? data : null;
  } catch {
    return null;
  }
}
