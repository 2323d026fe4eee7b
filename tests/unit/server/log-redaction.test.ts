import { describe, expect, it } from 'vitest';
import { redactPersonalData, serializeError } from '../../../src/server/http/log-redaction';
import { ProviderError } from '../../../src/server/payments/provider';

describe('log redaction', () => {
  it('masks e-mail addresses and phone numbers in text, and keeps ids', () => {
    expect(redactPersonalData('550 5.1.1 <ana.lopez+x@example.com.mx>: Recipient address rejected')).toBe('550 5.1.1 <[correo]>: Recipient address rejected');
    expect(redactPersonalData('tel 5512345678, +52 55 1234 5678')).toBe('tel [teléfono], [teléfono]');
    const id = '7d0c5a8e-93f1-4c39-9d2b-0f6a1f1e2b3c';
    expect(redactPersonalData(`purchase ${id} payment 12345678`)).toBe(`purchase ${id} payment 12345678`);
  });

  it('serializes an error without its attached provider body, with its message masked', () => {
    const error = new ProviderError('paypal', 'POST /v2/checkout/orders answered 422 for ana@example.mx', 422, { payer: { email_address: 'ana@example.mx' } });
    const out = serializeError(error);
    expect(out).toMatchObject({ type: 'ProviderError', status: 422, provider: 'paypal' });
    expect(JSON.stringify(out)).not.toContain('ana@example.mx');
    expect(out.message).toContain('[correo]');
  });
});
