import type { Kysely } from 'kysely';
import type { InlineEventData } from '../../shared/api';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { publicEventView } from '../services/catalogue.service';
import { eventHead, notFoundHead, unlistedHead, type PageLang } from './event-head';
import { firstView } from './first-view';

/** What the storefront's HTML carries for `/{url}`: the head, the inlined event, and its status. */
export interface EventPage {
  status: 200 | 404;
  lang: PageLang;
  head: string;
  /** Absent for an unknown event: the storefront then shows its own not-found page. */
  inline?: InlineEventData;
  /** The static first view put in `#root` (`first-view.ts`); absent for an unknown event. */
  firstView?: string;
}

export interface EventPageQuery {
  ticket?: string;
  access?: string;
  lang?: string;
}

interface CachedPage {
  id: number;
  version: number;
  /** The listed types' prices and which of them are on sale, the head and view were made with: stock moves without a new version. */
  offers: string;
  head: string;
  firstView: string;
}

/** Heads and first views kept per database, by url, language and step; a full map starts over (far more than the events on sale at once). */
const byDatabase = new WeakMap<Kysely<Database>, Map<string, CachedPage>>();
const MAX_PAGES = 1000;

function pageLang(value: unknown): PageLang | undefined {
  return value === 'es' || value === 'en' ? value : undefined;
}

/** The event config's currency, MXN by default (as the storefront shows prices). */
function currencyOf(config: Record<string, unknown>): string {
  const configured = config.currency;
  return typeof configured === 'string' && /^[A-Z]{3}$/.test(configured) ? configured : 'MXN';
}

/**
 * The page of `/{url}`: the same reads as `GET /api/event/{url}` (which the first view no longer
 * makes), and a head and static first view rendered once per event version, language, step and
 * offers, kept per database like the purchase catalogue (`services/catalogue-cache.ts`). Hidden
 * types are never in the head, even with their access code (the inlined answer then lists them, as
 * the API would, and so does the first view, rendered for that page view alone).
 */
/** `step` is the path segment after `/{url}`: '' on the ticket page, `form`, `payment-method`, … */
export async function eventPage(ctx: AppContext, origin: string, url: string, step: string, query: EventPageQuery): Promise<EventPage> {
  const view = await publicEventView(ctx, url, query.access);
  if (!view) {
    const lang = pageLang(query.lang) ?? 'es';
    return { status: 404, lang, head: notFoundHead(lang) };
  }
  const { event, answer, listedTickets } = view;
  const lang = pageLang(query.lang) ?? pageLang(event.config.idiomaDefault) ?? 'es';
  const currency = currencyOf(event.config);
  const inline: InlineEventData = { url, ticket: query.ticket ?? null, access: query.access ?? null, answer };
  // With an access code the answer may list a hidden type: that view is this page view's alone.
  const viewOf = (shown: typeof answer) => firstView({ lang, step, answer: shown, currency });
  const hiddenShown = answer.tickets.length !== listedTickets.length;

  // The prices a buyer can still pay ("from" the lowest of them); all listed ones once every type is sold out.
  const available = listedTickets.filter((t) => t.maximum > 0);
  const onSale = available.length > 0;
  const prices = (onSale ? available : listedTickets).map((t) => t.price);
  const offers = listedTickets.map((t) => `${t.id}:${t.price}:${t.maximum > 0 ? 'on' : 'out'}`).join(',');
  const key = `${lang}/${url}/${step}`;
  let cache = byDatabase.get(ctx.db.kysely);
  const cached = cache?.get(key);
  if (cached && cached.id === event.id && cached.version === event.version && cached.offers === offers) {
    return { status: 200, lang, head: cached.head, inline, firstView: hiddenShown ? viewOf(answer) : cached.firstView };
  }
  const head = event.share.listed === false ? unlistedHead() : eventHead({
    origin,
    url,
    lang,
    name: event.name,
    imagePath: event.image_path,
    startsAt: event.starts_at,
    endsAt: event.ends_at,
    venue: event.venue,
    share: event.share,
    currency,
    prices,
    onSale,
  });
  const listedView = viewOf({ ...answer, tickets: listedTickets });
  if (!cache) byDatabase.set(ctx.db.kysely, (cache = new Map()));
  if (cache.size >= MAX_PAGES) cache.clear();
  cache.set(key, { id: event.id, version: event.version, offers, head, firstView: listedView });
  return { status: 200, lang, head, inline, firstView: hiddenShown ? viewOf(answer) : listedView };
}
