import { formatMoney, pesosToCents } from '../../shared/money';

/** The order page's locale for dates and money: en-US in English, es-MX otherwise. */
export function orderLocale(language: string): string {
  return language === 'en' ? 'en-US' : 'es-MX';
}

/** A deadline (ISO 8601) as the order page says it: long date and short time. */
export function deadlineText(iso: string, language: string): string {
  return new Intl.DateTimeFormat(orderLocale(language), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}

/** An amount in pesos, in the page's locale and the given currency (the event's default when absent). */
export function pesosText(pesos: number, language: string, currency?: string): string {
  return formatMoney(pesosToCents(pesos), currency, orderLocale(language));
}
