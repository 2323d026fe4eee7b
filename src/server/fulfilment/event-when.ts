import type { MailLang } from './mail-texts';

/**
 * An event's date and time as the buyer reads them, on the event's own clock: the event file
 * writes `2026-12-05T20:00:00-06:00`, and the ticket says 20:00 wherever it is read. The
 * wall-clock part of the ISO string *is* that local time, so it is formatted as if it were UTC
 * (an Intl time zone cannot be a bare offset).
 */
function wallClock(iso: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2})/.exec(iso);
  if (!match) return undefined;
  const date = new Date(`${match[1]}T${match[2]}:00Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const LOCALE: Record<MailLang, string> = { es: 'es-MX', en: 'en-US' };

function dateText(date: Date, lang: MailLang): string {
  return new Intl.DateTimeFormat(LOCALE[lang], { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

function timeText(date: Date, lang: MailLang): string {
  const text = new Intl.DateTimeFormat(LOCALE[lang], { timeZone: 'UTC', hour: lang === 'en' ? 'numeric' : '2-digit', minute: '2-digit', hour12: lang === 'en' }).format(date);
  return lang === 'es' ? `${text} h` : text;
}

/**
 * "sábado, 5 de diciembre de 2026, 20:00 h – 01:30 h" / "Saturday, December 5, 2026, 8:00 PM – 1:30 AM";
 * the end's date is written too when it is another day (a night that ends next morning keeps
 * the short form: a time earlier than the start reads as the next day). Null without a start.
 */
export function eventWhen(startsAt: string | null, endsAt: string | null, lang: MailLang): string | null {
  const start = startsAt ? wallClock(startsAt) : undefined;
  if (!start) return null;
  const end = endsAt ? wallClock(endsAt) : undefined;
  const head = `${dateText(start, lang)}, ${timeText(start, lang)}`;
  if (!end) return head;
  const hours = (end.getTime() - start.getTime()) / 3_600_000;
  return hours > 0 && hours < 24 ? `${head} – ${timeText(end, lang)}` : `${head} – ${dateText(end, lang)}, ${timeText(end, lang)}`;
}

/** "Foro Sol, Viaducto Río de la Piedad s/n" — the venue as one line, or null when the event has none. */
export function venueLine(venue: { name: string; address?: string } | null): string | null {
  if (!venue) return null;
  return venue.address ? `${venue.name}, ${venue.address}` : venue.name;
}
