import { orderLocale, pesosText } from '../../order/orderFormat';

/** A time (ISO 8601) as the console's tables say it: medium date, short time, in the page's language. */
export function timeText(iso: string, language: string): string {
  return new Intl.DateTimeFormat(orderLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A failure's words: the server's `mensaje` (every console call's refusal carries one), else the error's text. */
export function failureText(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

export { pesosText };
