import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** Names the .eml file when writing to the outbox folder. */
  label: string;
}

/** Sends one message and says where it went (SMTP message id, or the .eml file's path). */
export type SendMail = (mail: OutgoingMail) => Promise<string>;

/**
 * Nodemailer with SMTP_URL when set; otherwise the stream transport builds the same
 * RFC 822 message and it is written as an .eml file under MAIL_OUTBOX_DIR (default
 * data/outbox), so a laptop demo "sends" e-mail that can be opened in any mail client.
 */
export function createMailer(config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'mailOutboxDir'>): SendMail {
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (mail) => {
    const info = await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments });
    if (config.smtpUrl) return String(info.messageId ?? '');
    const dir = resolve(config.mailOutboxDir);
    await mkdir(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const path = join(dir, `${stamp}-${mail.label}-${randomBytes(3).toString('hex')}.eml`);
    await writeFile(path, (info as unknown as { message: Buffer }).message);
    return path;
  };
}
