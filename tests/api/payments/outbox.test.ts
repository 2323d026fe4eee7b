import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOutboxFailed } from '../../../src/server/cli/outbox-failed';
import { createMailer } from '../../../src/server/fulfilment/mailer';
import { retryPendingWork } from '../../../src/server/payments/pending-work';
import { buildPaymentProviders } from '../../../src/server/payments/registry';
import type { PaymentsRuntime } from '../../../src/server/payments/runtime';
import { claimMail } from '../../../src/server/repositories/mail-outbox.repository';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, mailHeader, type PaymentsTestApp } from './helpers';

const ADMIN = 'token-de-operador';
const MAX_ATTEMPTS = 3;
const STALE = 11 * 60_000;

/**
 * The e-mail outbox: every send (finished or not) counts an attempt; past MAIL_MAX_ATTEMPTS a
 * message is dead-lettered, never retried automatically, listed for the operator and retried
 * by hand. A message is written once per dedupe key, with a stable Message-ID.
 */
describe.skipIf(skipDatabase)('e-mail outbox: attempt cap, dead letters, idempotent writes', () => {
  let t: PaymentsTestApp;
  let sends = 0;
  const runtime = (sendMail?: PaymentsRuntime['sendMail']): PaymentsRuntime => ({
    ctx: t.ctx, providers: buildPaymentProviders(t.ctx.config, () => t.baseUrl), log: t.app.log, selfUrl: () => t.baseUrl, sendMail: sendMail ?? createMailer(t.ctx.config),
  });
  const failing = () => runtime(async () => {
    sends += 1;
    throw new Error('SMTP 421 try again later');
  });
  const admin = (method: 'GET' | 'POST', url: string, token = ADMIN) => t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
  /** A paid purchase (its tickets e-mail sent); returns the purchase and its outbox row id. */
  const paid = async (name = 'Ana López') => {
    const id = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    const { widget_url } = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: id, buyer_info: buyer({ name }) }, headers: t.keyed(id) }));
    await t.app.inject({ method: 'POST', url: `${widget_url}/approve` });
    const [row] = await t.rows('mail_outbox', 'purchase_id', id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    return { id, row: row.id as string };
  };
  const requeue = (rowId: string) => t.ctx.db.kysely.updateTable('mail_outbox').set({ status: 'queued', sent_at: null }).where('id', '=', rowId).execute();
  const row = async (rowId: string) => (await t.rows('mail_outbox', 'id', rowId))[0];
  const mailsOf = (purchaseId: string) => t.mails().filter((m) => m.text.includes(purchaseId));

  beforeAll(async () => {
    t = await createPaymentsApp({ adminToken: ADMIN, mailMaxAttempts: MAX_ATTEMPTS });
  });
  afterAll(() => t.close());

  it('a message that keeps failing is dead-lettered after MAIL_MAX_ATTEMPTS, listed for the operator, and retried by hand', async () => {
    const { id, row: rowId } = await paid();
    await requeue(rowId);
    sends = 0;
    for (let i = 0; i < 5; i += 1) await retryPendingWork(failing());
    // Attempt 1 was the original send; attempts 2 and 3 failed; no more after the cap.
    expect(sends).toBe(MAX_ATTEMPTS - 1);
    expect(await row(rowId)).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS, error: 'SMTP 421 try again later' });

    expect((await admin('GET', '/api/admin/outbox/failed', 'otro')).statusCode).toBe(401);
    const listed = await admin('GET', '/api/admin/outbox/failed');
    expect(listed.statusCode).toBe(200);
    expect(body(listed).messages).toEqual([
      expect.objectContaining({ id: rowId, kind: 'tickets', purchase_id: id, recipient: 'ana@example.mx', attempts: MAX_ATTEMPTS, error: 'SMTP 421 try again later' }),
    ]);

    // The operator fixed SMTP and retries it: queued again with a fresh count, sent by the next run.
    const retried = await admin('POST', `/api/admin/outbox/${rowId}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(body(retried)).toMatchObject({ id: rowId, status: 'queued' });
    await retryPendingWork(runtime());
    expect(await row(rowId)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(body(await admin('GET', '/api/admin/outbox/failed')).messages).toEqual([]);
    // Retrying a message that is not dead-lettered is refused.
    const again = await admin('POST', `/api/admin/outbox/${rowId}/retry`);
    expect(again.statusCode).toBe(404);
    expect(body(again)).toMatchObject({ code: 'OUTBOX_MESSAGE_NOT_FOUND', mensaje: expect.any(String) });
  });

  it('a message left `sending` by a process that died counts as an attempt; after the cap it is dead, never sent again', async () => {
    const { id, row: rowId } = await paid();
    await requeue(rowId);
    const before = mailsOf(id).length;
    // Two more processes take it and die mid-send (the claim is all that happens).
    for (let i = 0; i < MAX_ATTEMPTS - 1; i += 1) {
      t.advance(STALE);
      const now = t.ctx.now();
      expect(await claimMail(t.ctx.db.kysely, rowId, now.toISOString(), new Date(now.getTime() - 10 * 60_000).toISOString(), MAX_ATTEMPTS)).toBe(true);
    }
    expect(await row(rowId)).toMatchObject({ status: 'sending', attempts: MAX_ATTEMPTS });
    // Once abandoned, the retry loop does not try a fourth time: it dead-letters it.
    t.advance(STALE);
    await retryPendingWork(runtime());
    expect(await row(rowId)).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS });
    expect(mailsOf(id).length).toBe(before);
    expect(body(await admin('GET', '/api/admin/outbox/failed')).messages.map((m: { id: string }) => m.id)).toContain(rowId);

    // The same from a shell: `npm run outbox:failed` lists it, `-- --retry ID` queues it again.
    process.env.DATABASE_URL = t.databaseUrl;
    try {
      const lines: string[] = [];
      expect(await runOutboxFailed([], (l) => lines.push(l))).toBe(0);
      expect(lines.map((l) => (l.startsWith('{') ? JSON.parse(l).id : null))).toContain(rowId);
      expect(await runOutboxFailed(['--retry', rowId], (l) => lines.push(l))).toBe(0);
      expect(await runOutboxFailed(['--retry', rowId], (l) => lines.push(l))).toBe(1);
    } finally {
      delete process.env.DATABASE_URL;
    }
    expect(await row(rowId)).toMatchObject({ status: 'queued', attempts: 0 });
    await retryPendingWork(runtime());
    expect(await row(rowId)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(mailsOf(id).length).toBe(1);
  });

  it('a message sent again after a crash overwrites its one .eml file, with the same stable Message-ID', async () => {
    const { id, row: rowId } = await paid();
    const [first] = mailsOf(id);
    const messageId = mailHeader(first.text, 'Message-ID');
    expect(messageId).toMatch(/^<[0-9a-f]{32}@boletos\.example\.mx>$/);
    // The process died after writing the file but before marking the row sent.
    await requeue(rowId);
    await retryPendingWork(runtime());
    await requeue(rowId);
    await retryPendingWork(runtime());
    const after = mailsOf(id);
    expect(after).toHaveLength(1);
    expect(after[0].path).toBe(first.path);
    expect(mailHeader(after[0].text, 'Message-ID')).toBe(messageId);
    expect((await row(rowId)).message_ref).toBe(first.path);
  });

  it('a CR/LF in the buyer name does not put an extra header line into the e-mail', async () => {
    const { id } = await paid('Ana\r\nBcc: intruso@example.com\nX-Falso: 1');
    const [mail] = mailsOf(id);
    const lines = mail.text.split(/\r?\n/);
    expect(lines.filter((l) => /^(Bcc|X-Falso):/i.test(l))).toEqual([]);
    expect(mail.text).toContain('Hola Ana Bcc: intruso@example.com X-Falso: 1:');
    expect(mailHeader(mail.text, 'Bcc')).toBeUndefined();
  });
});
