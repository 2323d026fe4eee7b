import { afterEach, describe, expect, it, vi } from 'vitest';
import { centsToPesos, formatMoney, percentOf, pesosToCents, roundCents } from '../../../src/shared/money';

describe('roundCents', () => {
  it('rounds half away from zero', () => {
    expect(roundCents(2.4)).toBe(2);
    expect(roundCents(2.5)).toBe(3);
    // Math.round(-2.5) would give -2; money rounds symmetrically.
    expect(roundCents(-2.5)).toBe(-3);
  });

  it('sees a true half through float noise', () => {
    // 1.005 * 100 === 100.49999999999999 in binary floating point; the intent is 100.5.
    expect(roundCents(1.005 * 100)).toBe(101);
    // 0.1 * 9999 === 999.9000000000001 -> 1000
    expect(roundCents(0.1 * 9999)).toBe(1000);
  });

  it('never returns -0', () => {
    expect(Object.is(roundCents(-0.4), 0)).toBe(true);
  });

  it('rejects non-finite values', () => {
    expect(() => roundCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('pesosToCents', () => {
  it('converts whole and decimal pesos', () => {
    expect(pesosToCents(350)).toBe(35000);
    expect(pesosToCents(123.45)).toBe(12345);
    // 19.99 * 100 === 1998.9999999999998 -> 1999
    expect(pesosToCents(19.99)).toBe(1999);
    expect(pesosToCents(0)).toBe(0);
  });

  it('absorbs float noise from peso arithmetic', () => {
    // 0.1 + 0.2 === 0.30000000000000004 -> 30 centavos
    expect(pesosToCents(0.1 + 0.2)).toBe(30);
  });

  it('rounds sub-centavo amounts to the nearest centavo, half away from zero', () => {
    expect(pesosToCents(123.454)).toBe(12345);
    expect(pesosToCents(123.456)).toBe(12346);
    expect(pesosToCents(1.005)).toBe(101);
    expect(pesosToCents(-1.005)).toBe(-101);
    expect(Object.is(pesosToCents(-0.001), 0)).toBe(true);
  });

  it('throws RangeError for non-finite input', () => {
    expect(() => pesosToCents(Number.NaN)).toThrow(RangeError);
    expect(() => pesosToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => pesosToCents(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
    expect(() => pesosToCents('350' as unknown as number)).toThrow(RangeError);
  });
});

describe('centsToPesos', () => {
  it('returns pesos with at most 2 decimals', () => {
    expect(centsToPesos(35000)).toBe(350);
    expect(centsToPesos(12345)).toBe(123.45);
    expect(centsToPesos(10)).toBe(0.1);
    expect(centsToPesos(1)).toBe(0.01);
    expect(centsToPesos(-12345)).toBe(-123.45);
    expect(centsToPesos(0)).toBe(0);
  });

  it('rounds a stray fractional centavo first', () => {
    // 12345.6 centavos -> 12346 -> 123.46 pesos
    expect(centsToPesos(12345.6)).toBe(123.46);
  });

  it('round-trips with pesosToCents', () => {
    for (const cents of [0, 1, 99, 1999, 12345, 9999999]) {
      expect(pesosToCents(centsToPesos(cents))).toBe(cents);
    }
  });

  it('throws RangeError for non-finite input', () => {
    expect(() => centsToPesos(Number.NaN)).toThrow(RangeError);
    expect(() => centsToPesos(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // First in the file: the module's formatter cache must not hold es-MX/MXN yet.
  it('writes pesos in es-MX as Intl does, without building an Intl formatter (the first one costs a phone tens of ms)', () => {
    const RealNumberFormat = Intl.NumberFormat;
    const intl = new RealNumberFormat('es-MX', { style: 'currency', currency: 'MXN', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const spy = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Intl.NumberFormat>
    ) {
      return new RealNumberFormat(...args);
    } as unknown as typeof Intl.NumberFormat);
    const amounts = [0, 1, 5, 10, 99, 100, 101, 35000, 99999, 100000, 120000, 123456750, -1, -35000, -123456789, 0.4, -0.4, 1234.5, 1e15 - 1];
    for (let step = 7; step < 1e15; step *= 13) amounts.push(step, -step);
    for (const cents of amounts) expect(formatMoney(cents, 'MXN', 'es-MX'), String(cents)).toBe(intl.format(centsToPesos(cents)));
    expect(spy).not.toHaveBeenCalled();
  });

  it('formats es-MX MXN with exactly 2 decimals by default', () => {
    expect(formatMoney(35000)).toBe('$350.00');
    expect(formatMoney(12345)).toBe('$123.45');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(123456750)).toBe('$1,234,567.50');
    expect(formatMoney(-35000)).toBe('-$350.00');
  });

  it('honours another locale and currency', () => {
    // Outside es-MX the peso needs its prefix to be told apart from the dollar.
    expect(formatMoney(35000, 'MXN', 'en-US')).toBe('MX$350.00');
    expect(formatMoney(35000, 'USD', 'es-MX')).toMatch(/^USD\s350\.00$/);
  });

  it('falls back to MXN for a malformed currency code', () => {
    expect(formatMoney(35000, 'XX')).toBe('$350.00');
    expect(formatMoney(35000, '')).toBe('$350.00');
    expect(formatMoney(35000, null as unknown as string)).toBe('$350.00');
  });

  it('builds one formatter per (locale, currency) and reuses it', () => {
    const RealNumberFormat = Intl.NumberFormat;
    // Wrap rather than spy bare: a spied native constructor loses its prototype methods.
    const spy = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Intl.NumberFormat>
    ) {
      return new RealNumberFormat(...args);
    } as unknown as typeof Intl.NumberFormat);
    // A pair no other test uses, so the module cache starts empty for it.
    expect(formatMoney(100, 'EUR', 'en-GB')).toBe('€1.00');
    expect(formatMoney(250, 'EUR', 'en-GB')).toBe('€2.50');
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('percentOf', () => {
  it('takes a percentage on the 0-100 scale', () => {
    // 10 % of $1,050.00 = $105.00
    expect(percentOf(105000, 10)).toBe(10500);
    // 7 % of $10.50 = 73.5 centavos -> 74
    expect(percentOf(1050, 7)).toBe(74);
  });

  it('rounds half away from zero to whole centavos', () => {
    // 10 % of 9999 = 999.9 -> 1000
    expect(percentOf(9999, 10)).toBe(1000);
    // 10 % of 105 = 10.5 -> 11, and -10.5 -> -11
    expect(percentOf(105, 10)).toBe(11);
    expect(percentOf(-105, 10)).toBe(-11);
    // 15 % of 1 = 0.15 -> 0; 50 % of 1 = 0.5 -> 1
    expect(percentOf(1, 15)).toBe(0);
    expect(percentOf(1, 50)).toBe(1);
  });

  it('throws RangeError for non-finite input', () => {
    expect(() => percentOf(Number.NaN, 10)).toThrow(RangeError);
    expect(() => percentOf(100, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
