import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

/** The secure fields' checks, run from the very file the sandbox's field iframes load. */
interface CardRules {
  brandOf(number: string): { id: string | null; lengths: number[]; securityCodeLength: number };
  luhn(digits: string): boolean;
  binOf(number: string): string | null;
  cardNumberErrors(number: string): { cause: string; message: string }[];
  parseExpiry(value: string, now: Date): { errors: { cause: string }[]; month?: number; year?: number };
  securityCodeErrors(code: string, length: number): { cause: string }[];
  formatCardNumber(number: string): string;
}

const source = readFileSync(new URL('../../../../sandbox/payments/browser/card-rules.js', import.meta.url), 'utf8');
const context: { SandboxCardRules?: CardRules } = {};
runInNewContext(source, context);
const rules = context.SandboxCardRules!;
const causes = (errors: { cause: string }[]) => errors.map((error) => error.cause);

describe('sandbox card rules', () => {
  it('accepts MercadoPago\'s Mexican test cards and knows their brands', () => {
    for (const [number, brand, codeLength] of [['4075595716483764', 'visa', 3], ['5474925432670366', 'master', 3], ['371180303257522', 'amex', 4]] as const) {
      expect(rules.cardNumberErrors(number)).toEqual([]);
      expect(rules.brandOf(number)).toMatchObject({ id: brand, securityCodeLength: codeLength });
    }
  });

  it('reports a wrong check digit, a short number and letters with MercadoPago\'s causes', () => {
    expect(causes(rules.cardNumberErrors('4075595716483765'))).toEqual(['invalid_value']);
    expect(causes(rules.cardNumberErrors('407559571648'))).toEqual(['invalid_length']);
    expect(causes(rules.cardNumberErrors('37118030325752'))).toEqual(['invalid_length']);
    expect(causes(rules.cardNumberErrors('4075a95716483764'))).toEqual(['invalid_type']);
  });

  it('reports the bin once six digits are typed', () => {
    expect(rules.binOf('4075 5')).toBeNull();
    expect(rules.binOf('4075 59')).toBe('407559');
  });

  it('groups digits as printed on the card', () => {
    expect(rules.formatCardNumber('4075595716483764')).toBe('4075 5957 1648 3764');
    expect(rules.formatCardNumber('371180303257522')).toBe('3711 803032 57522');
  });

  it('takes an expiry through the last day of its month, in MM/YY or MM/YYYY', () => {
    const now = new Date(2026, 10, 23);
    expect(rules.parseExpiry('11/30', now)).toEqual({ errors: [], month: 11, year: 2030 });
    expect(rules.parseExpiry('11/2026', now)).toEqual({ errors: [], month: 11, year: 2026 });
    expect(causes(rules.parseExpiry('10/26', now).errors)).toEqual(['invalid_value']);
    expect(causes(rules.parseExpiry('13/30', now).errors)).toEqual(['invalid_value']);
    expect(causes(rules.parseExpiry('1/3', now).errors)).toEqual(['invalid_length']);
  });

  it('wants exactly the brand\'s security-code length', () => {
    expect(rules.securityCodeErrors('123', 3)).toEqual([]);
    expect(causes(rules.securityCodeErrors('123', 4))).toEqual(['invalid_length']);
    expect(causes(rules.securityCodeErrors('12a', 3))).toEqual(['invalid_type']);
  });
});
