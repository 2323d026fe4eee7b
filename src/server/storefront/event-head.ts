import type { EventShare, EventVenue } from '../../shared/event-file/event-file.types';
import { formatMoney, pesosToCents } from '../../shared/money';
import { eventWhen, venueLine } from '../fulfilment/event-when';
import { esc } from '../../shared/node/html-page';

export type PageLang = 'es' | 'en';

/** What the head of an event's page is made of: the event's public details and its listed offers only. */
export interface EventHeadInput {
  origin: string;
  url: string;
  lang: PageLang;
  name: string;
  imagePath: string | null;
  startsAt: string | null;
  endsAt: string | null;
  venue: EventVenue | null;
  share: EventShare;
  currency: string;
  /** Prices (pesos) of the listed ticket types still on sale (all listed ones when none is); hidden ones are never given here. */
  prices: number[];
  /** Whether any listed type can still be bought. */
  onSale: boolean;
}

const SITE = 'boletos';
const TEXTS = {
  es: { from: 'Desde', when: 'Fecha', where: 'Lugar', notFound: 'Evento no encontrado', locale: 'es_MX', moneyLocale: 'es-MX' },
  en: { from: 'From', when: 'Date', where: 'Venue', notFound: 'Event not found', locale: 'en_US', moneyLocale: 'en-US' },
} as const;

/**
 * JSON placed inside a <script> element: `<`, `>` and `&` as \u escapes (no `</script>` or `<!--`
 * can end or bend the element), and U+2028/U+2029, which older parsers take for line breaks.
 */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A site path becomes an absolute URL on our origin; an https URL stays as it is. */
function absolute(origin: string, pathOrUrl: string): string {
  return pathOrUrl.startsWith('/') ? `${origin}${pathOrUrl}` : pathOrUrl;
}

/** Previews show JPEG, PNG, WebP and GIF; never SVG (the logo is often one). */
function previewable(path: string | null): path is string {
  return Boolean(path && !/\.svg(\?|#|$)/i.test(path));
}

function meta(attribute: 'name' | 'property', key: string, content: string | number | null | undefined): string {
  return content === null || content === undefined || content === '' ? '' : `<meta ${attribute}="${key}" content="${esc(content)}">`;
}

/** "sábado, 13 de marzo de 2027, 13:00 h – 23:30 h · Parque Bicentenario · Desde $280.00": the share's own text when it wrote one. */
export function eventDescription(input: EventHeadInput): string {
  if (input.share.description) return input.share.description;
  const texts = TEXTS[input.lang];
  const low = input.prices.length > 0 ? Math.min(...input.prices) : undefined;
  return [
    eventWhen(input.startsAt, input.endsAt, input.lang),
    input.venue?.name,
    low === undefined ? null : `${texts.from} ${formatMoney(pesosToCents(low), input.currency, texts.moneyLocale)}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** schema.org Event, only when it has what search engines require of one (name, startDate, location). */
function eventJsonLd(input: EventHeadInput, pageUrl: string, description: string, image: string | undefined): object | undefined {
  if (!input.startsAt || !input.venue) return undefined;
  const { venue } = input;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: input.name,
    description,
    url: pageUrl,
    ...(image ? { image: [image] } : {}),
    startDate: input.startsAt,
    ...(input.endsAt ? { endDate: input.endsAt } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: venue.name,
      address: venue.address ?? venue.name,
      ...(venue.latitude !== undefined && venue.longitude !== undefined ? { geo: { '@type': 'GeoCoordinates', latitude: venue.latitude, longitude: venue.longitude } } : {}),
    },
    ...(input.prices.length > 0
      ? {
          offers: {
            '@type': 'AggregateOffer',
            url: pageUrl,
            priceCurrency: input.currency,
            lowPrice: Math.min(...input.prices),
            highPrice: Math.max(...input.prices),
            offerCount: input.prices.length,
            availability: input.onSale ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
            // Tickets are sold until the event is over.
            validThrough: input.endsAt ?? input.startsAt,
          },
        }
      : {}),
  };
}

/**
 * The head of a listed event's page, every value escaped: title, description, canonical URL
 * (the ticket page, for every step), hreflang es/en (`?lang=en`), OpenGraph and Twitter card
 * tags, and the schema.org Event.
 */
export function eventHead(input: EventHeadInput): string {
  const texts = TEXTS[input.lang];
  const pageUrl = `${input.origin}/${encodeURIComponent(input.url)}`;
  const title = input.share.title ?? input.name;
  const description = eventDescription(input);
  const shareImage = input.share.image;
  const image = shareImage ? absolute(input.origin, shareImage.url) : previewable(input.imagePath) ? absolute(input.origin, input.imagePath) : undefined;
  const when = eventWhen(input.startsAt, input.endsAt, input.lang);
  const where = venueLine(input.venue);
  const jsonLd = eventJsonLd(input, pageUrl, description, image);
  return [
    `<title>${esc(`${title} · ${SITE}`)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${esc(input.lang === 'en' ? `${pageUrl}?lang=en` : pageUrl)}">`,
    `<link rel="alternate" hreflang="es" href="${esc(pageUrl)}">`,
    `<link rel="alternate" hreflang="en" href="${esc(`${pageUrl}?lang=en`)}">`,
    `<link rel="alternate" hreflang="x-default" href="${esc(pageUrl)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE),
    meta('property', 'og:locale', texts.locale),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', shareImage?.type),
    meta('property', 'og:image:width', shareImage?.width),
    meta('property', 'og:image:height', shareImage?.height),
    meta('property', 'og:image:alt', shareImage?.alt),
    meta('name', 'twitter:card', shareImage ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', shareImage?.alt),
    when ? `${meta('name', 'twitter:label1', texts.when)}${meta('name', 'twitter:data1', when)}` : '',
    where ? `${meta('name', 'twitter:label2', texts.where)}${meta('name', 'twitter:data2', where)}` : '',
    jsonLd ? `<script type="application/ld+json">${jsonInScript(jsonLd)}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** An unlisted event's head: it names nothing but the site, and keeps the page out of search engines. */
export function unlistedHead(): string {
  return `<title>${SITE}</title>\n<meta name="robots" content="noindex">`;
}

/** The head of a url that names no event (answered with 404). */
export function notFoundHead(lang: PageLang): string {
  return `<title>${esc(`${TEXTS[lang].notFound} · ${SITE}`)}</title>\n<meta name="robots" content="noindex">`;
}
