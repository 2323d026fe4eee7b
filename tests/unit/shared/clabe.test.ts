import { describe, expect, it } from 'vitest';
import { checkClabe } from '../../../src/shared/clabe';
import { cancellationRefund } from '../../../src/shared/cancellation-refund';

describe('checkClabe', () => {
  it('accepts a CLABE whose control digit matches and names its bank (spaces and hyphens ignored)', () => {
    expect(checkClabe('002010077777777771')).toEqual({ ok: true, clabe: '002010077777777771', bank: 'Banco Nacional de México' });
    expect(checkClabe(' 0021 1500 0012 3456 75 ')).toEqual({ ok: true, clabe: '002115000012345675', bank: 'Banco Nacional de México' });
    expect(checkClabe('012-180-00123456789-9')).toMatchObject({ ok: true, bank: 'BBVA Bancomer' });
  });

  it('names the problem: length (or letters), control digit, unknown bank, unknown place', () => {
    expect(checkClabe('00201007777777777')).toEqual({ ok: false, problem: 'length' });
    expect(checkClabe('0020100777777777711')).toEqual({ ok: false, problem: 'length' });
    expect(checkClabe('0020100777777777a1')).toEqual({ ok: false, problem: 'length' });
    expect(checkClabe('002010077777777770')).toEqual({ ok: false, problem: 'control_digit' });
    expect(checkClabe('003010077777777770')).toEqual({ ok: false, problem: 'bank', code: '003' });
    expect(checkClabe('002999077777777779')).toEqual({ ok: false, problem: 'city', code: '999' });
  });
});

describe('cancellationRefund', () => {
  it('keeps fee_percent of the paid amount, rounded half up to the centavo, and gives back the rest', () => {
    expect(cancellationRefund(22_000, 10)).toEqual({ feeCents: 2_200, refundCents: 19_800 });
    // 12.5 % of 333 centavos = 41.625 → 42 kept, 291 back.
    expect(cancellationRefund(333, 12.5)).toEqual({ feeCents: 42, refundCents: 291 });
    // 5 % of 10 centavos = 0.5 → 1 kept (half up).
    expect(cancellationRefund(10, 5)).toEqual({ feeCents: 1, refundCents: 9 });
    expect(cancellationRefund(11_000, 0)).toEqual({ feeCents: 0, refundCents: 11_000 });
    expect(cancellationRefund(11_000, 100)).toEqual({ feeCents: 11_000, refundCents: 0 });
    // Binary fractions never tip a value: 1.1 % of 1,000 centavos is 11 exactly.
    expect(cancellationRefund(1_000, 1.1)).toEqual({ feeCents: 11, refundCents: 989 });
  });
});
