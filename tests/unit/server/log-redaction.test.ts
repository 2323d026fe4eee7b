import { describe, expect, it } from 'vitest';
import { redactPersonalData, serializeError } from '../../../src/server/http/log-redaction';
import { ProviderError } from '../../../src/server/payments/provider';

describe('log redaction', () => {
  it('masks e-mail addresses, and the values of personal fields by their names', () => {
    expect(redactPersonalData('550 5.1.1 <ana.lopez+x@example.com.mx>: Recipient address rejected')).toBe('550 5.1.1 <[correo]>: Recipient address rejected');
    expect(redactPersonalData('{"payer":{"phone":{"area_code":"55","number":"12345678"},"first_name":"Ana","last_name":"López"}}')).toBe(
      '{"payer":{"phone":[redactado],"first_name":[redactado],"last_name":[redactado]}}',
    );
    expect(redactPersonalData('telefono=5512345678&nombre=Ana+L%C3%B3pez&status=rejected')).toBe('telefono=[redactado]&nombre=[redactado]&status=rejected');
    expect(redactPersonalData('phone: +52 55 1234 5678, answers: {"1":[{"nombre":"Ana"}]}')).toBe('phone: [redactado], answers: [redactado]');
  });

  it('keeps ids: a MercadoPago payment id and a purchase id survive, so a failed refund can be traced', () => {
    const id = '7d0c5a8e-93f1-4c39-9d2b-0f6a1f1e2b3c';
    expect(redactPersonalData(`purchase ${id} payment 12345678`)).toBe(`purchase ${id} payment 12345678`);
    const message = 'POST /v1/payments/1317584521/refunds answered 400 (payment_id 1317584521, order 22334455667)';
    expect(redactPersonalData(message)).toBe(message);
    expect(serializeError(new Error(message)).message).toBe(message);
  });

  it('serializes an error without its attached provider body, with its message masked', () => {
    const error = new ProviderError('paypal', 'POST /v2/checkout/orders answered 422 for ana@example.mx', 422, { payer: { email_address: 'ana@example.mx' } });
    const out = serializeError(error);
    expect(out).toMatchObject({ type: 'ProviderError', status: 422, provider: 'paypal' });
    expect(JSON.stringify(out)).not.toContain('ana@example.mx');
    expect(out.message).toContain('[correo]');
  });
});
