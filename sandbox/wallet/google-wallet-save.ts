import { createPublicKey, type KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import QRCode from 'qrcode';
import { messageLanguage } from '../../src/shared/accept-language';
import { esc, htmlDocument } from '../../src/shared/node/html-page';
import type { GoogleWalletTestAccount } from './google-account';
import type { GoogleWalletObjects, StoredObject } from './google-wallet-objects';

/** Where the save page is: the JWT goes after it, as on `pay.google.com/gp/v/save/`. */
export const SAVE_PATH = '/sandbox/google-wallet/save/';

/** The parts of Google Wallet's resources (`LocalizedString`, `EventTicketClass`, `EventTicketObject`) this page reads. */
interface LocalizedString { defaultValue?: { language?: string; value?: string } }
interface EventTicketClass { id: string; eventName?: LocalizedString; venue?: { name?: LocalizedString; address?: LocalizedString }; dateTime?: { start?: string } }
interface EventTicketObject {
  id: string;
  classId: string;
  ticketType?: LocalizedString;
  ticketHolderName: string;
  ticketNumber: string;
  seatInfo?: { seat?: LocalizedString };
  barcode: { value: string };
  hexBackgroundColor?: string;
}
interface SaveToWalletClaims extends JWTPayload {
  typ?: string;
  origins?: unknown;
  payload?: { eventTicketClasses?: EventTicketClass[]; eventTicketObjects?: EventTicketObject[] };
}

/** Why a save JWT was refused: not signed by the issuer's key (or not a JWT at all), or past its time. */
export type SaveJwtRefusal = 'invalid' | 'expired';

/**
 * Checks a save JWT as Google does before saving: RS256 signature by the issuer's key, `aud`
 * google, `typ` savetowallet, not expired, and a payload carrying event tickets.
 */
export async function verifySaveJwt(
  jwt: string,
  key: { email: string; publicKey: KeyObject },
  now: Date,
): Promise<{ ok: true; claims: SaveToWalletClaims & { payload: { eventTicketClasses?: EventTicketClass[]; eventTicketObjects: EventTicketObject[] } } } | { ok: false; reason: SaveJwtRefusal }> {
  try {
    const { payload } = await jwtVerify(jwt, key.publicKey, {
      algorithms: ['RS256'], audience: 'google', issuer: key.email, currentDate: now, requiredClaims: ['iat', 'exp'],
    });
    const claims = payload as SaveToWalletClaims;
    const tickets = claims.payload?.eventTicketObjects;
    if (claims.typ !== 'savetowallet' || !Array.isArray(claims.origins) || !Array.isArray(tickets) || tickets.length === 0) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: claims as SaveToWalletClaims & { payload: { eventTicketObjects: EventTicketObject[] } } };
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** Longest JWT the page reads: one class and one object sign to ~3 KB; Google's own limit is far below the URL cap. */
const MAX_JWT_LENGTH = 12_000;

type Lang = 'es' | 'en';

const words = {
  es: {
    banner: 'Sandbox de Google Wallet: este pase no se guarda en ningún teléfono.',
    title: 'Guardar en Google Wallet',
    saved: 'Así se vería tu boleto en Google Wallet. La firma del enlace es válida.',
    refusedTitle: 'No se puede guardar este pase',
    invalid: 'El enlace no está firmado por el emisor o está dañado. Vuelve a abrir la página de tu boleto y pulsa de nuevo «Agregar a Google Wallet».',
    expired: 'El enlace ya venció. Vuelve a abrir la página de tu boleto y pulsa de nuevo «Agregar a Google Wallet».',
    event: 'Evento', venue: 'Lugar', date: 'Fecha', ticketType: 'Tipo de boleto', holder: 'Asistente', number: 'Folio', seat: 'Asiento', code: 'Código del QR',
    qr: 'Código QR del boleto',
  },
  en: {
    banner: 'Google Wallet sandbox: this pass is not saved to any phone.',
    title: 'Save to Google Wallet',
    saved: 'This is how your ticket would look in Google Wallet. The link’s signature is valid.',
    refusedTitle: 'This pass cannot be saved',
    invalid: 'The link is not signed by the issuer or is damaged. Open your ticket’s page again and press “Add to Google Wallet” once more.',
    expired: 'The link has expired. Open your ticket’s page again and press “Add to Google Wallet” once more.',
    event: 'Event', venue: 'Venue', date: 'Date', ticketType: 'Ticket type', holder: 'Attendee', number: 'Folio', seat: 'Seat', code: 'QR code',
    qr: 'Ticket QR code',
  },
} satisfies Record<Lang, Record<string, string>>;

/** Black or white, whichever reads better on `background` (Google picks the pass's text colour the same way). */
function textOn(background: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(background.slice(at, at + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

function html(lang: Lang, title: string, body: string, accent = '#1a73e8'): string {
  return htmlDocument({
    lang,
    title: `${title} · Google Wallet (sandbox)`,
    style: `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1b1b1b; }
  header { background: #202124; color: #fff; padding: 12px 24px; } header p { margin: 0; font-size: 14px; }
  main { max-width: 480px; margin: 24px auto; padding: 0 16px; }
  h1 { font-size: 22px; }
  .pass { background: ${accent}; color: ${textOn(accent)}; border-radius: 16px; padding: 20px; }
  .pass h2 { margin: 0 0 12px; font-size: 20px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; margin: 0; }
  dt { font-weight: 600; } dd { margin: 0; word-break: break-all; }
  .qr { background: #fff; border-radius: 8px; padding: 12px; margin-top: 16px; text-align: center; }
  .qr svg { width: 220px; height: 220px; }
  .refused { background: #fff; border-left: 6px solid #b3261e; padding: 16px; border-radius: 8px; }
`,
    body: `<header><p>${esc(words[lang].banner)}</p></header>
<main>
<h1>${esc(title)}</h1>
${body}
</main>
`,
  });
}

const text = (value: LocalizedString | undefined) => value?.defaultValue?.value ?? '';

function when(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // The event's own offset is in the ISO string; show the wall-clock time of Mexico City, where the demo events are.
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Mexico_City' }).format(date);
}

async function passHtml(lang: Lang, ticketClass: EventTicketClass | undefined, ticket: EventTicketObject): Promise<string> {
  const w = words[lang];
  const rows: [string, string][] = [[w.ticketType, text(ticket.ticketType)], [w.holder, ticket.ticketHolderName], [w.number, ticket.ticketNumber]];
  if (ticket.seatInfo) rows.push([w.seat, text(ticket.seatInfo.seat)]);
  if (ticketClass?.venue) rows.unshift([w.venue, [text(ticketClass.venue.name), text(ticketClass.venue.address)].filter(Boolean).join(', ')]);
  if (ticketClass?.dateTime?.start) rows.unshift([w.date, when(ticketClass.dateTime.start, lang)]);
  rows.push([w.code, ticket.barcode.value]);
  const qr = await QRCode.toString(ticket.barcode.value, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  const svg = qr.replace('<svg ', `<svg role="img" aria-label="${esc(w.qr)}" `);
  return `<section class="pass" aria-labelledby="pass-title">
<h2 id="pass-title">${esc(text(ticketClass?.eventName))}</h2>
<dl>${rows.map(([label, value]) => `<dt>${esc(label)}</dt><dd>${esc(value)}</dd>`).join('')}</dl>
<div class="qr">${svg}</div>
</section>`;
}

function refuse(reply: FastifyReply, lang: Lang, reason: SaveJwtRefusal) {
  const w = words[lang];
  return reply
    .code(reason === 'expired' ? 410 : 400)
    .type('text/html; charset=utf-8')
    .send(html(lang, w.refusedTitle, `<p class="refused" role="alert">${esc(w[reason])}</p>`));
}

/**
 * The stand-in for Google's save page (`pay.google.com/gp/v/save/{jwt}`): it checks the JWT as
 * Google does (signature with the test service account's public half, audience, type, expiry)
 * and shows the event ticket it carries, or refuses a tampered or expired link with a 4xx page. Like
 * Google's first save, it creates each object the link carries that `objects` does not hold yet (the
 * REST API's updates then find it).
 */
export async function googleWalletSaveSandbox(app: FastifyInstance, { account, now, objects }: { account: GoogleWalletTestAccount; now: () => Date; objects: GoogleWalletObjects }) {
  const { client_email: email, private_key: privateKey } = JSON.parse(account.serviceAccount) as { client_email: string; private_key: string };
  const key = { email, publicKey: createPublicKey(privateKey) };
  // A wildcard, not a `:jwt` parameter: a save JWT is far longer than the router's parameter limit.
  app.get(`${SAVE_PATH}*`, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const jwt = (request.params as { '*': string })['*'];
    const askedLang: Lang = messageLanguage(request.headers['accept-language']) === 'en' ? 'en' : 'es';
    if (!jwt || jwt.length > MAX_JWT_LENGTH) return refuse(reply, askedLang, 'invalid');
    const verdict = await verifySaveJwt(jwt, key, now());
    if (!verdict.ok) return refuse(reply, askedLang, verdict.reason);
    const { eventTicketClasses = [], eventTicketObjects } = verdict.claims.payload;
    for (const object of eventTicketObjects) if (!objects.get(object.id)) objects.put(object as unknown as StoredObject);
    const lang: Lang = eventTicketObjects[0]?.ticketType?.defaultValue?.language?.startsWith('en') ? 'en' : 'es';
    const passes = await Promise.all(eventTicketObjects.map((ticket) =>
      passHtml(lang, eventTicketClasses.find((c) => c.id === ticket.classId), ticket)));
    const accent = eventTicketObjects[0].hexBackgroundColor ?? '#1a73e8';
    return reply.type('text/html; charset=utf-8').send(html(lang, words[lang].title, `<p>${esc(words[lang].saved)}</p>${passes.join('')}`, /^#[0-9a-f]{6}$/i.test(accent) ? accent : '#1a73e8'));
  });
}
