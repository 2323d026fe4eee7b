import QRCode from 'qrcode';
import { esc, htmlDocument } from '../../shared/node/html-page';
import { eventWhen, venueLine } from '../fulfilment/event-when';
import { passWords } from './pass-texts';
import type { TicketPass } from './ticket-pass';
import { QR_ERROR_CORRECTION } from '../checkin/code-format';

/**
 * Where the page's wallet buttons lead. Each wallet adds its own entry (and its button in
 * `walletButtons`); a wallet that is off (no keys, no stand-in) has none.
 */
export interface WalletLinks {
  /** `test`: the pass is signed by the demo's stand-in (the page says so). */
  apple?: { url: string; test: boolean };
  /** Google's save link (a signed JWT), or the configured stand-in's save page. */
  google?: { url: string; test: boolean };
}


/**
 * The "add to your phone" buttons of one ticket: plain links (no script), each one wallet's. A
 * wallet whose pass is signed by the demo's stand-in says so next to its button.
 */
export function walletButtons(pass: TicketPass, links: WalletLinks): string {
  const words = passWords(pass.lang);
  const apple = links.apple && `<a class="wallet-button apple" href="${esc(links.apple.url)}" download="boleto_${esc(pass.folio)}.pkpass" type="application/vnd.apple.pkpass">${esc(words.appleButton)}</a>`;
  // Google saves from its own page: a plain link there (the JWT rides in the path), opened in this tab.
  const google = links.google && `<a class="wallet-button google" href="${esc(links.google.url)}" rel="noopener noreferrer">${esc(words.googleButton)}</a>`;
  // One note for every wallet in test mode, read once rather than as a run of separate notes.
  const testNotes = [links.apple?.test ? words.appleTestNote : null, links.google?.test ? words.googleTestNote : null].filter((note) => note !== null);
  const note = testNotes.length ? `<p class="test-note" role="note">${testNotes.map(esc).join(' ')}</p>` : '';
  if (!apple && !google) return '';
  return `<div class="wallet-buttons">${apple ?? ''}${google ?? ''}</div>${note}`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#f5f6f8;color:#1a1a1a;line-height:1.5}
header{padding:1rem 1.25rem}
header a{color:inherit;font-weight:600;text-decoration:underline}
main{max-width:32rem;margin:0 auto;padding:1rem 1.25rem 2rem}
h1{font-size:1.6rem;margin:.5rem 0 1rem}
h2{font-size:1.2rem;margin:0 0 .75rem}
.ticket,.wallet{background:#fff;border-radius:8px;padding:1.25rem;margin-bottom:1rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1rem}
dt{color:#4a4a4a}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
figure{margin:0;text-align:center}
figure img{width:min(16rem,100%);height:auto;image-rendering:pixelated}
figcaption{font-size:.9rem;color:#333}
.pdf{margin:1rem 0 0;text-align:center}
.pdf a{color:#1f4fbf;font-weight:600}
.wallet-buttons{display:flex;flex-wrap:wrap;gap:.75rem}
.wallet-button{display:inline-block;padding:.75rem 1.25rem;border-radius:8px;font-weight:600;text-decoration:none}
.wallet-button.apple{background:#000;color:#fff}
.wallet-button.google{background:#1f1f1f;color:#fff}
.wallet-button:focus-visible{outline:3px solid #1f4fbf;outline-offset:2px}
.test-note{margin:.75rem 0 0;padding:.75rem;border-left:4px solid #8a5a00;background:#fff8e6;color:#4d3300}
`;

function page(lang: 'es' | 'en', title: string, header: string, body: string): string {
  return htmlDocument({ lang, title, style: STYLE, body: `${header}\n<main>\n${body}\n</main>` });
}

/**
 * The pass page of one ticket: everything the ticket says (event, date, venue, type, attendee,
 * folio, seat) and its QR, then the buttons that put it in a phone's wallet. Server-rendered, no
 * script: it opens in any browser and reads well in a screen reader.
 */
export async function passPageHtml(pass: TicketPass, links: { wallets: WalletLinks; pdf: string }): Promise<string> {
  const words = passWords(pass.lang);
  const when = eventWhen(pass.startsAt, pass.endsAt, pass.lang);
  const venue = venueLine(pass.venue);
  const rows: [string, string | null][] = [
    [words.event, pass.eventName],
    [words.when, when],
    [words.venue, venue],
    [words.ticketType, pass.ticketTypeName],
    [words.attendee, pass.attendeeName || '—'],
    [words.seat, pass.seat],
    [words.folio, pass.folio],
  ];
  const details = rows
    .filter((row): row is [string, string] => row[1] !== null)
    .map(([label, value]) => `<dt>${esc(label)}</dt><dd>${esc(value)}</dd>`)
    .join('');
  const qr = await QRCode.toString(pass.qrSecret, { type: 'svg', errorCorrectionLevel: QR_ERROR_CORRECTION, margin: 2 });
  const qrSrc = `data:image/svg+xml;base64,${Buffer.from(qr).toString('base64')}`;
  const header = `<header style="background:${pass.colours.background};color:${pass.colours.foreground}"><a href="${esc(pass.eventUrl)}">${esc(pass.eventName)}</a></header>`;
  const buttons = walletButtons(pass, links.wallets);
  // Without any wallet (both off), the page has no wallet section at all.
  const wallet = buttons && `
<section class="wallet" aria-labelledby="wallet-heading">
<h2 id="wallet-heading">${esc(words.addToWallet)}</h2>
${buttons}
</section>`;
  const body = `<h1>${esc(words.pageTitle)}</h1>
<section class="ticket" aria-labelledby="ticket-heading">
<h2 id="ticket-heading">${esc(pass.eventName)}</h2>
<dl>${details}</dl>
<figure>
<img src="${qrSrc}" alt="${esc(words.qrAlt(pass.folio))}" width="256" height="256">
<figcaption>${esc(words.present)}</figcaption>
</figure>
<p class="pdf"><a href="${esc(links.pdf)}">${esc(words.pdf)}</a></p>
</section>${wallet}`;
  return page(pass.lang, `${words.pageTitle} · ${pass.eventName}`, header, body);
}

/**
 * What a link that opens no ticket shows (unknown, another's, cut or made-up token; a purchase no longer paid);
 * `revoked`: the link is the ticket's own, but the ticket was revoked (its order refunded or cancelled).
 */
export function passNotFoundHtml(lang: 'es' | 'en', revoked = false): string {
  const words = passWords(lang);
  const [title, text] = revoked ? [words.revokedTitle, words.revokedText] : [words.notFoundTitle, words.notFoundText];
  return page(lang, title, '', `<h1>${esc(title)}</h1>\n<p>${esc(text)}</p>`);
}
