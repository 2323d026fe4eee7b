import { describe, expect, it } from 'vitest';
import { oneLine } from '../../../../src/server/fulfilment/mail-safe';
import { stableMessageId } from '../../../../src/server/fulfilment/mailer';

describe('oneLine', () => {
  it('turns CR, LF, tabs, NUL and Unicode line separators into single spaces', () => {
    expect(oneLine('Ana\r\nBcc: x@example.com')).toBe('Ana Bcc: x@example.com');
    expect(oneLine('Ana\nX-Falso: 1\r')).toBe('Ana X-Falso: 1');
    expect(oneLine('A\u0000B\tC\u2028D\u2029E\u0085F')).toBe('A B C D E F');
  });
  it('keeps ordinary names, accents included', () => {
    expect(oneLine('José Ñúñez-O’Brien')).toBe('José Ñúñez-O’Brien');
  });
});

describe('stableMessageId', () => {
  it('is the same for one dedupe key, different for another, in the sender domain', () => {
    const from = 'Boletos <no-reply@boletos.example.mx>';
    expect(stableMessageId('tickets:abc', from)).toBe(stableMessageId('tickets:abc', from));
    expect(stableMessageId('tickets:abc', from)).not.toBe(stableMessageId('refund:abc', from));
    expect(stableMessageId('tickets:abc', from)).toMatch(/^<[0-9a-f]{32}@boletos\.example\.mx>$/);
  });
});
