import type { PaymentsRuntime } from '../payments/runtime';
import { renderMail } from '../fulfilment/mail-message';
import { mailLang, waitingConfirmMail, waitingOfferMail, type MailLang } from '../fulfilment/mail-texts';
import { findEventById, listTicketTypes } from '../repositories/event.repository';
import type { MailOutboxRow } from '../repositories/mail-outbox.repository';
import { findPurchase } from '../repositories/purchase.repository';
import { findWaitingEntry, setConfirmKey } from '../repositories/waiting-list.repository';
import { issueAccessKey, newAccessKey } from '../services/access-keys';
import { thankYouFragment } from '../../shared/purchase-access';

/** The storefront pages the waiting list's links open: the confirmation, and the offer (a held purchase with its key). */
export const WAITING_LIST_PAGE = 'waiting-list';
export const OFFER_PAGE = 'offer';

/** An offer's end as its reader reads it: Mexico City's clock, said so. */
function offerUntilText(iso: string, lang: MailLang): string {
  const text = new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'es-MX', { timeZone: 'America/Mexico_City', dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
  return lang === 'en' ? `${text} (Mexico City time)` : `${text} (hora de la Ciudad de México)`;
}

/**
 * Composes a waiting-list e-mail of the outbox (`waiting_confirm`, `waiting_offer`). Each gets a key of its own
 * (only its hash is stored): a confirmation gives its entry a new confirmation key (the latest e-mail's link is
 * the one that works), an offer a new key of its held purchase. Links only with PUBLIC_URL.
 */
export async function composeWaitingMail(rt: PaymentsRuntime, row: MailOutboxRow) {
  const db = rt.ctx.db.kysely;
  const entry = (await findWaitingEntry(db, row.waiting_entry_id!))!;
  const event = (await findEventById(db, entry.event_id))!;
  const ticket = (await listTicketTypes(db, event.id, true)).find((t) => t.id === entry.ticket_type_id)!;
  const lang = mailLang(row.lang);
  const base = rt.ctx.config.publicUrl;
  const about = { eventName: event.name, ticketName: ticket.name, quantity: entry.quantity, reference: entry.id };
  if (row.kind === 'waiting_confirm') {
    const { key, hash } = newAccessKey();
    const confirmUrl = base && (await setConfirmKey(db, entry.id, hash)) ? `${base}/${event.url}/${WAITING_LIST_PAGE}#${new URLSearchParams({ key })}` : null;
    return { to: row.recipient, ...(await renderMail(waitingConfirmMail(lang, { ...about, confirmUrl }))), dedupeKey: row.dedupe_key };
  }
  const purchase = (await findPurchase(db, row.purchase_id!))!;
  const offerUrl = base ? `${base}/${event.url}/${OFFER_PAGE}#${thankYouFragment(purchase.id, await issueAccessKey(db, purchase.id, 'mail', rt.ctx.now().toISOString()))}` : null;
  return { to: row.recipient, ...(await renderMail(waitingOfferMail(lang, { ...about, until: offerUntilText(purchase.expires_at, lang), offerUrl }))), dedupeKey: row.dedupe_key };
}
