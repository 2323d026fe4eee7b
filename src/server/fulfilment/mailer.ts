import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import type { RenderedMail } from './mail-message';
import { oneLine } from './mail-safe';

/** One message: its words rendered by `renderMail` (subject, text and HTML parts, language), where it goes, what it carries. */
export interface OutgoingMail extends RenderedMail {
  to: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /**
   * An iCalendar file announcing the event (`METHOD:PUBLISH`): sent as the last alternative of the
   * body, which mail clients offer to add to the calendar, and as an `.ics` attachment for the
   * clients that only open files; both `text/calendar; method=PUBLISH; charset=UTF-8`.
   */
  calendar?: { filename: string; content: string };
  /** The outbox row's dedupe key: names the .eml file and derives the Message-ID, so a re-send is the same message. */
  dedupeKey: string;
}

/** The calendar's media type: an announcement to add (RFC 5546 PUBLISH), in UTF-8. */
const CALENDAR_TYPE = 'text/calendar; method=PUBLISH; charset=UTF-8';

/** Sends one message and says where it went (SMTP message id, or the .eml file's path). */
export type SendMail = (mail: OutgoingMail) => Promise<string>;

/**
 * The Message-ID of an outbox message: the same for every send of one dedupe key (a re-send after
 * a crash is recognisably the same message to SMTP receivers), and no purchase id in the clear.
 */
export function stableMessageId(dedupeKey: string, mailFrom: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(mailFrom)?.[1] ?? 'localhost';
  return `<${createHash('sha256').update(dedupeKey, 'utf8').digest('hex').slice(0, 32)}@${domain}>`;
}

/** `tickets:abc` → `tickets-abc.eml`: one file per message, whatever re-sends it. */
function emlName(dedupeKey: string): string {
  return `${dedupeKey.replace(/[^A-Za-z0-9_-]+/g, '-')}.eml`;
}

/**
 * Nodemailer with SMTP_URL when set; otherwise the stream transport builds the same
 * RFC 822 message and it is written as an .eml file under MAIL_OUTBOX_DIR (default
 * data/outbox), so a laptop demo "sends" e-mail that can be opened in any mail client.
 * The file is written under a temporary name and renamed over its final one, so a re-send
 * replaces it whole and a crash never leaves half a message.
 */
export function createMailer(config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'mailOutboxDir'>): SendMail {
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (mail) => {
    const info = await transport.sendMail({
      from: config.mailFrom,
      to: mail.to,
      subject: oneLine(mail.subject),
      // multipart/alternative: the text, the HTML, then the calendar (a client shows the last one it can).
      text: mail.text,
      html: mail.html,
      // base64 keeps the calendar's CRLF line ends and 75-octet folds as they are.
      alternatives: mail.calendar ? [{ contentType: CALENDAR_TYPE, content: mail.calendar.content, contentTransferEncoding: 'base64' }] : undefined,
      attachments: [
        ...(mail.attachments ?? []),
        ...(mail.calendar ? [{ filename: mail.calendar.filename, content: mail.calendar.content, contentType: CALENDAR_TYPE }] : []),
      ],
      headers: { 'Content-Language': mail.lang },
      messageId: stableMessageId(mail.dedupeKey, config.mailFrom),
    });
    if (config.smtpUrl) return String(info.messageId ?? '');
    const dir = resolve(config.mailOutboxDir);
    await mkdir(dir, { recursive: true });
    const path = join(dir, emlName(mail.dedupeKey));
    const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, (info as unknown as { message: Buffer }).message);
    await rename(temporary, path);
    return path;
  };
}
