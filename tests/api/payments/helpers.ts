import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerConfig } from '../../../src/server/config';
import { sandboxCredentials } from '../../../sandbox';
import fixture from '../fixtures/pagos-api.event.json';
import { body, createTestApp, type TestApp } from '../../support/test-app';

export const SECRET = 'secreto-de-pruebas-de-pagos';
export const URL_SLUG = 'pagos-api';

export interface PaymentsTestApp extends TestApp {
  baseUrl: string;
  outbox: string;
  sandbox: ReturnType<typeof sandboxCredentials>;
  /** Creates a held purchase (of the fixture event unless `url` says another) and returns its id (its access key: `keyOf`). */
  purchase: (tickets: { ticket_id: number; cantidad: number }[], extra?: { url?: string; code?: string }) => Promise<string>;
  /** The access key new-purchase gave the buyer of a purchase made with `purchase`. */
  keyOf: (purchaseId: string) => string;
  /** The request headers of the buyer who holds the purchase's access key. */
  keyed: (purchaseId: string) => { 'x-purchase-key': string };
  /** Fills the attendee form of a purchase of General tickets. */
  fillForm: (purchaseId: string, names: string[]) => Promise<void>;
  /** .eml files written so far. */
  mails: () => { path: string; text: string }[];
  /** Rows of a table matching a column value. */
  rows: (table: string, column: string, value: unknown) => Promise<Record<string, any>[]>;
}

/**
 * A test app of the API that also listens on a loopback port (the sandbox reaches the
 * server over HTTP, as it would in production), writes e-mails to a temp outbox and
 * has the payments fixture event imported.
 */
export async function createPaymentsApp(overrides: Partial<ServerConfig> = {}): Promise<PaymentsTestApp> {
  const outbox = mkdtempSync(join(tmpdir(), 'checkout-outbox-'));
  const t = await createTestApp({ signingSecret: SECRET, mailOutboxDir: outbox, retryIntervalSeconds: 0, ...overrides });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const baseUrl = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  await t.importEvent(fixture);
  const close = t.close;
  const keys = new Map<string, string>();
  const keyOf = (purchaseId: string) => {
    const key = keys.get(purchaseId);
    if (!key) throw new Error(`no access key for purchase ${purchaseId}`);
    return key;
  };
  return {
    ...t,
    baseUrl,
    outbox,
    sandbox: sandboxCredentials(SECRET),
    close: async () => {
      await close();
      rmSync(outbox, { recursive: true, force: true });
    },
    purchase: async (tickets, extra = {}) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: URL_SLUG, ...extra, token: await t.botToken(), tickets } });
      if (res.statusCode !== 200) throw new Error(`new-purchase ${res.statusCode}: ${res.body}`);
      keys.set(body(res).purchase_id as string, body(res).access_key as string);
      return body(res).purchase_id as string;
    },
    keyOf,
    keyed: (purchaseId) => ({ 'x-purchase-key': keyOf(purchaseId) }),
    fillForm: async (purchaseId, names) => {
      const form = { 1: names.map((nombre, i) => ({ nombre, correo: `asistente${i}@example.mx` })) };
      const res = await t.app.inject({ method: 'PUT', url: '/api/payments/add-info-purchase', payload: { purchase_id: purchaseId, form }, headers: { 'x-purchase-key': keyOf(purchaseId) } });
      if (res.statusCode !== 200) throw new Error(`add-info ${res.statusCode}: ${res.body}`);
    },
    mails: () =>
      readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .map((f) => ({ path: join(outbox, f), text: readFileSync(join(outbox, f), 'utf8') })),
    // The sandbox's tables are in its own store (its own SQLite file beside the server's).
    rows: async (table, column, value) =>
      (await (table.startsWith('sandbox_') ? (t.sandboxStore.kysely as typeof t.ctx.db.kysely) : t.ctx.db.kysely).selectFrom(table as never).selectAll().where(column as never, '=', value as never).execute()) as Record<string, any>[],
  };
}

/** Buyer info as the storefront sends it. */
export function buyer(overrides: Record<string, unknown> = {}) {
  return { name: 'Ana López', email: 'ana@example.mx', phone: '5512345678', ...overrides };
}

/** The path and query of an absolute or relative URL (sandbox links are relative without PUBLIC_URL). */
export function pathOf(url: string): string {
  const parsed = new URL(url, 'http://x.invalid');
  return `${parsed.pathname}${parsed.search}`;
}

/** The text of a PDF as pdftotext reads it, with the page count (form feeds separate pages). */
export function pdfText(pdf: Buffer): { text: string; pages: number } {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-pdf-'));
  try {
    const file = join(dir, 'f.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The decoded attachments of an RFC 822 message written by nodemailer (base64 parts). */
export function attachments(eml: string): { filename: string; contentType: string; content: Buffer }[] {
  const boundary = /boundary="?([^"\r\n;]+)"?/i.exec(eml)?.[1];
  if (!boundary) return [];
  return eml
    .split(`--${boundary}`)
    .filter((part) => /Content-Disposition:\s*attachment/i.test(part))
    .map((part) => {
      const [head, ...rest] = part.split(/\r?\n\r?\n/);
      const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
      return {
        filename: /filename="?([^";\r\n]+)"?/i.exec(unfolded)?.[1] ?? '',
        contentType: /Content-Type:\s*([^;\r\n]+)/i.exec(unfolded)?.[1]?.trim() ?? '',
        content: Buffer.from(rest.join('\n\n').replace(/\s+/g, ''), 'base64'),
      };
    });
}

/** The MIME parts of an .eml (every level of nesting), each with its unfolded headers and decoded body. */
export function mimeParts(eml: string): { headers: string; content: string }[] {
  const boundaries = [...eml.matchAll(/boundary="?([^"\r\n;]+)"?/gi)].map((m) => m[1]);
  const parts: { headers: string; content: string }[] = [];
  for (const boundary of boundaries) {
    for (const chunk of eml.split(`--${boundary}`).slice(1)) {
      const [head, ...rest] = chunk.split(/\r?\n\r?\n/);
      const headers = head.replace(/\r?\n[ \t]+/g, ' ');
      if (/boundary=/i.test(headers) || !/Content-Type:/i.test(headers)) continue;
      const raw = rest.join('\n\n').replace(/\r?\n--$/, '');
      const encoding = /Content-Transfer-Encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase();
      const content = encoding === 'base64'
        ? Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/gi, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'))
          : raw;
      parts.push({ headers, content });
    }
  }
  return parts;
}

/** A header of an RFC 822 message (unfolded). */
export function mailHeader(eml: string, name: string): string | undefined {
  const head = eml.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim();
}

/** Waits until `check` holds (async work such as e-mails that finish after a response). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The decoded text/plain body of an RFC 822 message written by nodemailer (quoted-printable). */
export function mailText(eml: string): string {
  // A message of one text part (no attachment) is its whole body after the headers.
  const [head, ...rest] = eml.split(/\r?\n\r?\n/);
  const single = !/multipart\//i.test(head) && /quoted-printable/i.test(head) ? rest.join('\n\n') : undefined;
  const part = single ?? /Content-Type:\s*text\/plain[^\n]*\r?\nContent-Transfer-Encoding:\s*quoted-printable\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(eml)?.[1] ?? '';
  return part
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/gi, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
}
