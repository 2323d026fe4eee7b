import { describe, expect, it } from 'vitest';
import { cfdiTotals, conceptFigures, conceptsForGross, IVA_16, IVA_EXEMPT, microText, type GrossLine } from '../../../src/shared/invoicing/cfdi-amounts';
import { priceOrder } from '../../../src/shared/pricing';

/** A deterministic sequence of "random" integers (no flaky seeds). */
function* numbers(seed: number) {
  let state = seed;
  for (;;) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    yield state;
  }
}

describe('CFDI amounts from prices that include IVA', () => {
  it('3 × $333.33 with a 10 % code and the 10 % service charge: the invoice totals what was paid, to the centavo', () => {
    const totals = priceOrder({
      tickets: [{ ticketId: 1, quantity: 3, unitPriceCents: 33333 }],
      discount: { code: 'DIEZ', percent: 10 },
      serviceCharge: { rate: 0.1, absorb: 'customer' },
    });
    expect(totals.totalCents).toBe(98999);
    const lines: GrossLine[] = [
      { quantity: 3, unitGrossCents: 33333, discountGrossCents: totals.discountCodeCents, tax: IVA_16 },
      { quantity: 1, unitGrossCents: totals.comissionCents, discountGrossCents: 0, tax: IVA_16 },
    ];
    const concepts = conceptsForGross(lines);
    const invoice = cfdiTotals(concepts);
    expect(invoice.totalCents).toBe(totals.totalCents);
    expect(invoice.subTotalCents - invoice.discountCents + invoice.taxCents!).toBe(98999);
    // Each concept's IVA is its base × 0.16 rounded to 6 decimals.
    for (const figure of concepts.map(conceptFigures)) expect(figure.taxMicro).toBe(Math.round((figure.baseMicro * 16) / 100));
    expect(microText(concepts[0].unitValueMicro)).toMatch(/^287\.35\d{4}$/);
  });

  it('a 15 % discount and a service charge over a hundred awkward prices: always the paid total', () => {
    const random = numbers(31);
    const next = (max: number) => random.next().value! % max;
    // A hundred orders, of which 26 need the search (dividing by 1.16 alone misses the paid total; 83 of 400): each of
    // those costs up to a few hundred milliseconds, so 400 orders took 1–4 s and checked the same two paths.
    for (let round = 0; round < 100; round++) {
      const lines: GrossLine[] = Array.from({ length: 1 + next(4) }, () => {
        const quantity = 1 + next(7);
        const unitGrossCents = 1 + next(250_000);
        return { quantity, unitGrossCents, discountGrossCents: Math.round(quantity * unitGrossCents * 0.15), tax: next(5) === 0 ? IVA_EXEMPT : IVA_16 };
      });
      lines.push({ quantity: 1, unitGrossCents: 1 + next(50_000), discountGrossCents: 0, tax: IVA_16 });
      const paid = lines.reduce((sum, l) => sum + l.quantity * l.unitGrossCents - l.discountGrossCents, 0);
      expect(cfdiTotals(conceptsForGross(lines)).totalCents).toBe(paid);
    }
  });

  it('an exempt invoice has no IVA and no TotalImpuestosTrasladados', () => {
    const totals = cfdiTotals(conceptsForGross([{ quantity: 2, unitGrossCents: 50050, discountGrossCents: 0, tax: IVA_EXEMPT }]));
    expect(totals).toMatchObject({ subTotalCents: 100100, taxCents: null, totalCents: 100100, transfers: [{ rateBasisPoints: null, baseCents: 100100, taxCents: 0 }] });
  });

  it('where dividing each price by 1.16 leaves the Total a centavo short, the search brings it back', () => {
    // 3 × $1.02 less $0.31 and a $90.00 charge: paid $92.75; each amount divided by 1.16 alone totals $92.74.
    const lines: GrossLine[] = [
      { quantity: 3, unitGrossCents: 102, discountGrossCents: 31, tax: IVA_16 },
      { quantity: 1, unitGrossCents: 9000, discountGrossCents: 0, tax: IVA_16 },
    ];
    const divided = lines.map((l) => ({ quantity: l.quantity, unitValueMicro: Math.round((l.unitGrossCents * 1_000_000) / 116), discountMicro: Math.round((l.discountGrossCents * 1_000_000) / 116), tax: l.tax }));
    expect(cfdiTotals(divided).totalCents).toBe(9274);
    expect(cfdiTotals(conceptsForGross(lines)).totalCents).toBe(9275);
  });
});
