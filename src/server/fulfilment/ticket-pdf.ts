import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatFolio } from './emit-tickets';
import { pdfWords, type MailLang } from './mail-texts';
import { drawableText, ticketFonts, type TicketFont } from './ticket-fonts';
import { QR_ERROR_CORRECTION } from '../checkin/code-format';

export interface PrintableTicket {
  folio: number;
  ticketTypeName: string;
  attendeeName: string;
  qrSecret: string;
  /** Seated events: the place this ticket admits to. */
  seat?: string | null;
}

/** What a QR code carries: the ticket's signed code (older tickets: a random secret the door looks up); nothing personal. */
export function qrPayload(ticket: PrintableTicket): string {
  return ticket.qrSecret;
}

/** `when` and `venue`: the event's date line (`eventWhen`) and venue line, null when the event file gives none. */
export interface TicketsPdfInput { eventName: string; when: string | null; venue: string | null; purchaseId: string; lang: MailLang; tickets: PrintableTicket[] }

/** Longest name printed (characters): more than any real name or title, little enough to lay out instantly. */
export const PRINTED_NAME_MAX = 120;

/**
 * `text` cut to `max` characters (code points, so no emoji is split) with an ellipsis.
 * pdfkit breaks a word wider than the line one character at a time, re-measuring the rest
 * each time, so its cost grows with the square of an unbroken word: a 100,000-character
 * name took seconds. Clipping every printed string first bounds the work whatever is stored.
 */
export function clipForPrint(text: string, max = PRINTED_NAME_MAX): string {
  if (text.length <= max) return text;
  const chars = Array.from(text.slice(0, max * 2)); // at least `max` code points, or the whole text
  if (chars.length <= max && text.length <= max * 2) return text;
  return `${chars.slice(0, max - 1).join('')}…`;
}

/** Writes `text` in `font` at the cursor, each character the font cannot draw replaced (`drawableText`). */
function say(doc: PDFKit.PDFDocument, font: TicketFont, size: number, color: string, text: string, options: PDFKit.Mixins.TextOptions): void {
  doc.font(font).fontSize(size).fillColor(color).text(drawableText(text, ticketFonts()[font].hasGlyph), options);
}

/**
 * The tickets of a purchase as a PDF, one page per ticket: event (with its date and venue when known), ticket type, attendee,
 * folio and the QR code. In DejaVu Sans, embedded (ticket-fonts.ts), so every name prints as typed and is real text
 * (pdftotext reads it); a character the font lacks prints as one visible substitute.
 * Synchronous CPU work: the server calls it on a worker thread (pdf-pool.ts), never on the event loop.
 */
export async function renderTicketsPdf(raw: TicketsPdfInput): Promise<Buffer> {
  const input: TicketsPdfInput = {
    ...raw,
    eventName: clipForPrint(raw.eventName),
    venue: raw.venue && clipForPrint(raw.venue, PRINTED_NAME_MAX * 3),
    tickets: raw.tickets.map((t) => ({ ...t, ticketTypeName: clipForPrint(t.ticketTypeName), attendeeName: clipForPrint(t.attendeeName) })),
  };
  const words = pdfWords(input.lang);
  const qrImages = await Promise.all(input.tickets.map((t) => QRCode.toBuffer(qrPayload(t), { type: 'png', errorCorrectionLevel: QR_ERROR_CORRECTION, margin: 1, width: 240 })));
  const doc = new PDFDocument({ size: 'A5', margin: 40, autoFirstPage: false, info: { Title: `${input.eventName} — ${input.purchaseId}`, Author: 'Boletos' } });
  const fonts = ticketFonts();
  doc.registerFont('regular', fonts.regular.bytes).registerFont('bold', fonts.bold.bytes);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  input.tickets.forEach((ticket, index) => {
    doc.addPage();
    const width = doc.page.width - 80;
    const field = (label: string, value: string, gap = 0.4) => {
      say(doc, 'regular', 11, '#555555', label, { width });
      say(doc, 'bold', 14, '#000000', value, { width });
      doc.moveDown(gap);
    };
    say(doc, 'regular', 9, '#555555', `${words.page} ${index + 1} / ${input.tickets.length}`, { align: 'right', width });
    doc.moveDown(0.5);
    say(doc, 'bold', 18, '#000000', input.eventName, { width });
    if (input.when) say(doc, 'regular', 11, '#000000', `${words.when}: ${input.when}`, { width });
    if (input.venue) say(doc, 'regular', 11, '#000000', `${words.venue}: ${input.venue}`, { width });
    doc.moveDown(0.8);
    field(words.ticket, ticket.ticketTypeName);
    field(words.attendee, ticket.attendeeName || '—');
    if (ticket.seat) field(words.seat, clipForPrint(ticket.seat));
    field(words.folio, formatFolio(ticket.folio), 0.8);
    const size = 180;
    doc.image(qrImages[index], (doc.page.width - size) / 2, doc.y, { width: size, height: size });
    doc.x = 40;
    doc.y += size + 12;
    say(doc, 'regular', 9, '#333333', words.present, { width, align: 'center' });
    doc.moveDown(0.4);
    say(doc, 'regular', 8, '#777777', `${words.purchase}: ${input.purchaseId}`, { width, align: 'center' });
  });
  doc.end();
  return done;
}
