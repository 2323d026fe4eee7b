import { randomUUID } from 'node:crypto';
import { WebhookRejected, type PaymentProvider } from '../provider';

/**
 * The free claim of a zero-total order. Its "payment" is the claim itself: starting it
 * hands out an unguessable random UUID (the `secretuuid` the free loader's URL carries, 122 random bits) and reading it is
 * always approved for nothing. No webhooks; nothing to refund.
 */
export function freeProvider(): PaymentProvider {
  return {
    name: 'free',
    mode: 'live',
    async start() {
      return { reference: randomUUID(), redirectUrl: '' };
    },
    async read(lookup) {
      return { attemptId: lookup.attemptId ?? null, reference: lookup.reference ?? null, paymentId: lookup.reference ?? null, state: 'approved', amountCents: 0, currency: 'MXN', deadline: null, detail: 'free claim' };
    },
    async verifyWebhook() {
      throw new WebhookRejected('el acceso gratuito no recibe webhooks');
    },
    async refund() {
      return { refundId: 'free' };
    },
  };
}
