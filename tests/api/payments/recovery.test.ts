import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../../src/server/fulfilment/mailer';
import { retryPendingWork } from '../../../src/server/payments/pending-work';
import type { PaymentProvider } from '../../../src/server/payments/provider';
import { buildPaymentProviders } from '../../../src/server/payments/registry';
import type { PaymentsRuntime } from '../../../src/server/payments/runtime';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, mailHeader, type PaymentsTestApp } from './helpers';

/** What is owed survives failures: a refund the provider refused and an e-mail SMTP refused are retried until done. */
describe.skipIf(skipDatabase)('retries of refunds and e-mails', () => {
  let t: PaymentsTestApp;
  const runtime = (overrides: { refund?: PaymentProvider['refund']; sendMail?: PaymentsRuntime['sendMail'] } = {}): PaymentsRuntime => {
    const providers = buildPaymentProviders(t.ctx.config, () => t.baseUrl);
    if (overrides.refund) providers.free = { ...providers.free, refund: overrides.refund };
    return { ctx: t.ctx, providers, log: t.app.log, selfUrl: () => t.baseUrl, sendMail: overrides.sendMail ?? createMailer(t.ctx.config) };
  };

  beforeAll(async () => {
    t = await createPaymentsApp();
  });
  afterAll(() => t.close());

  it('a refund the provider refused stays owed and is made by the next retry, then the buyer is told once', async () => {
    const id = await t.purchase([{ ticket_id: 4, cantidad: 1 }]);
    await t.app.inject({ method: 'POST', url: '/api/payments/free/verify-free', payload: { purchase_id: id, buyer_info: buyer({ email: 'owed@example.mx' }), token: await t.botToken('validate_free_access') }, headers: t.keyed(id) });
    const [attempt] = await t.rows('payment_attempts', 'purchase_id', id);
    // As the confirm path leaves a claim approved after the stock ran out: purchase cancelled, a refund owed.
    await t.ctx.db.kysely.updateTable('payment_attempts').set({ status: 'approved', provider_payment_id: attempt.provider_reference, refund_status: 'required', refund_reason: 'sold_out' }).where('id', '=', attempt.id).execute();
    await t.ctx.db.kysely.updateTable('purchases').set({ status: 'cancelled', stock_until: null }).where('id', '=', id).execute();

    let calls = 0;
    await retryPendingWork(runtime({ refund: async () => { calls += 1; throw new Error('provider down'); } }));
    expect(calls).toBe(1);
    expect((await t.rows('payment_attempts', 'id', attempt.id))[0]).toMatchObject({ refund_status: 'required', status: 'approved' });
    expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(0);

    await retryPendingWork(runtime());
    await retryPendingWork(runtime());
    expect((await t.rows('payment_attempts', 'id', attempt.id))[0]).toMatchObject({ refund_status: 'done', status: 'refunded', refund_reference: 'free' });
    expect((await t.rows('purchases', 'id', id))[0].status).toBe('refunded');
    const mails = t.mails().filter((m) => m.text.includes(id));
    expect(mails).toHaveLength(1);
    expect(mailHeader(mails[0].text, 'To')).toBe('owed@example.mx');
    expect(mailHeader(mails[0].text, 'Subject')).toMatch(/^=\?UTF-8\?|No pudimos confirmar tu registro/);
  });

  it('an e-mail SMTP refused is marked failed and sent by the next retry', async () => {
    const id = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    const { widget_url } = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: id, buyer_info: buyer() }, headers: t.keyed(id) }));
    await t.app.inject({ method: 'POST', url: `${widget_url}/approve` });
    const [row] = await t.rows('mail_outbox', 'purchase_id', id);
    expect(row).toMatchObject({ kind: 'tickets', status: 'sent', attempts: 1 });
    // Put it back in the queue as if the process had stopped before sending it.
    await t.ctx.db.kysely.updateTable('mail_outbox').set({ status: 'queued', sent_at: null }).where('id', '=', row.id).execute();
    await retryPendingWork(runtime({ sendMail: async () => { throw new Error('SMTP 421 try again later'); } }));
    expect((await t.rows('mail_outbox', 'id', row.id))[0]).toMatchObject({ status: 'failed', attempts: 2, error: 'SMTP 421 try again later' });
    const before = t.mails().length;
    await retryPendingWork(runtime());
    expect((await t.rows('mail_outbox', 'id', row.id))[0]).toMatchObject({ status: 'sent', attempts: 3, error: null });
    // The re-send rewrote the message's one .eml file (named by its dedupe key), not a second copy.
    expect(t.mails().length).toBe(before);
    expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(1);
    // Nothing left: another retry sends nothing more.
    await retryPendingWork(runtime());
    expect(t.mails().length).toBe(before);
  });
});
