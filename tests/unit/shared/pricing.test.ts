import { describe, expect, it } from 'vitest';
import {
  discountCodeCents,
  normaliseServiceCharge,
  orderTotalsToApi,
  priceOrder,
  productsTotalCents,
  serviceChargeCents,
  volumeDiscountCents,
  volumeDiscountRule,
  type PricedTicketLine,
  type ServiceCharge,
} from '../../../src/shared/pricing';

const customer10: ServiceCharge = { rate: 0.1, absorb: 'customer' };

function ticket(ticketId: number, quantity: number, unitPriceCents: number, extra: Partial<PricedTicketLine> = {}): PricedTicketLine {
  return { ticketId, quantity, unitPriceCents, ...extra };
}

describe('normaliseServiceCharge', () => {
  it('keeps a valid rate and absorb mode', () => {
    expect(normaliseServiceCharge({ comission_percentage: 0.15, absorb: 'customer' })).toEqual({ rate: 0.15, absorb: 'customer' });
    expect(normaliseServiceCharge({ comission_percentage: 0, absorb: 'organizer' })).toEqual({ rate: 0, absorb: 'organizer' });
    expect(normaliseServiceCharge({ comission_percentage: 1 }).rate).toBe(1);
    // Hand-written JSON may quote the number.
    expect(normaliseServiceCharge({ comission_percentage: '0.2' }).rate).toBe(0.2);
  });

  it.each([['abc'], [-1], [undefined], [5], [Number.NaN], [Number.POSITIVE_INFINITY], [null], [true], [''], [{}]])(
    'falls back to rate 0.1 for %s',
    (raw) => {
      expect(normaliseServiceCharge({ comission_percentage: raw }).rate).toBe(0.1);
    },
  );

  it('defaults absorb to customer when missing', () => {
    expect(normaliseServiceCharge(undefined)).toEqual({ rate: 0.1, absorb: 'customer' });
    expect(normaliseServiceCharge({}).absorb).toBe('customer');
    expect(normaliseServiceCharge({ absorb: null }).absorb).toBe('customer');
    expect(normaliseServiceCharge({ absorb: '  ' }).absorb).toBe('customer');
  });
});

describe('volumeDiscountCents', () => {
  const tenPercentFromFour = { minimumQuantity: 4, value: 10, isPercentage: true };

  it('applies a percentage at or above the minimum quantity', () => {
    // 4 × $350 = $1,400.00; 10 % = $140.00
    expect(volumeDiscountCents(ticket(1, 4, 35000, { volumeDiscount: tenPercentFromFour }))).toBe(14000);
    // 5 × $350 = $1,750.00; 10 % = $175.00
    expect(volumeDiscountCents(ticket(1, 5, 35000, { volumeDiscount: tenPercentFromFour }))).toBe(17500);
  });

  it('does not apply below the minimum quantity or without a rule', () => {
    expect(volumeDiscountCents(ticket(1, 3, 35000, { volumeDiscount: tenPercentFromFour }))).toBe(0);
    expect(volumeDiscountCents(ticket(1, 3, 35000, { volumeDiscount: null }))).toBe(0);
    expect(volumeDiscountCents(ticket(1, 3, 35000))).toBe(0);
  });

  it('reads a fixed value as pesos, once per line', () => {
    // 2 × $350 = $700.00; fixed $50 -> 5000 centavos (not 50, not 2 × 50)
    expect(volumeDiscountCents(ticket(1, 2, 35000, { volumeDiscount: { minimumQuantity: 2, value: 50, isPercentage: false } }))).toBe(5000);
    // $12.345 -> 1235 centavos (rounded half away from zero)
    expect(volumeDiscountCents(ticket(1, 2, 35000, { volumeDiscount: { minimumQuantity: 2, value: 12.345, isPercentage: false } }))).toBe(1235);
  });

  it('is never more than the line total nor negative', () => {
    // 1 × $30 with a $50 fixed discount -> capped at $30.00
    expect(volumeDiscountCents(ticket(1, 1, 3000, { volumeDiscount: { minimumQuantity: 1, value: 50, isPercentage: false } }))).toBe(3000);
    // 150 % -> capped at the line total
    expect(volumeDiscountCents(ticket(1, 2, 3000, { volumeDiscount: { minimumQuantity: 1, value: 150, isPercentage: true } }))).toBe(6000);
    expect(volumeDiscountCents(ticket(1, 2, 3000, { volumeDiscount: { minimumQuantity: 1, value: -50, isPercentage: false } }))).toBe(0);
    expect(volumeDiscountCents(ticket(1, 2, 3000, { volumeDiscount: { minimumQuantity: 1, value: Number.NaN, isPercentage: true } }))).toBe(0);
    // Minimum 0 with quantity 0: nothing bought, nothing discounted.
    expect(volumeDiscountCents(ticket(1, 0, 3000, { volumeDiscount: { minimumQuantity: 0, value: 50, isPercentage: false } }))).toBe(0);
  });

  it('rounds odd centavos', () => {
    // 3 × $33.33 = 9999; 10 % = 999.9 -> 1000
    expect(volumeDiscountCents(ticket(1, 3, 3333, { volumeDiscount: { minimumQuantity: 3, value: 10, isPercentage: true } }))).toBe(1000);
  });
});

describe('discountCodeCents', () => {
  // Ticket 1: 2 × $200 = $400.00; ticket 2: 1 × $500 = $500.00
  const twoTypes = [ticket(1, 2, 20000), ticket(2, 1, 50000)];

  it('takes a percentage of every line when not limited', () => {
    // 10 % of $900.00 = $90.00
    expect(discountCodeCents(twoTypes, { code: 'DEMO10', percent: 10 })).toBe(9000);
    expect(discountCodeCents(twoTypes, { code: 'DEMO10', percent: 10, ticketIds: [] })).toBe(9000);
    expect(discountCodeCents(twoTypes, { code: 'DEMO10', percent: 10, ticketIds: null })).toBe(9000);
  });

  it('only counts the eligible lines', () => {
    // $50 fixed, ticket 1 only: eligible $400.00 -> $50.00
    expect(discountCodeCents(twoTypes, { code: 'FIFTY', amountCents: 5000, ticketIds: [1] })).toBe(5000);
    // 10 %, ticket 2 only: 10 % of $500.00 = $50.00
    expect(discountCodeCents(twoTypes, { code: 'TEN2', percent: 10, ticketIds: [2] })).toBe(5000);
    // Limited to a ticket not in the order -> nothing
    expect(discountCodeCents(twoTypes, { code: 'OTHER', amountCents: 5000, ticketIds: [3] })).toBe(0);
  });

  it('works on the net after the volume discount', () => {
    // 4 × $350 = 140000, volume 10 % = 14000, net 126000; DEMO10 -> 12600
    const lines = [ticket(1, 4, 35000, { volumeDiscount: { minimumQuantity: 4, value: 10, isPercentage: true } })];
    expect(discountCodeCents(lines, { code: 'DEMO10', percent: 10 })).toBe(12600);
  });

  it('is capped at the eligible total', () => {
    // $500 code on ticket 1 whose lines total $400.00 -> $400.00
    expect(discountCodeCents(twoTypes, { code: 'BIG', amountCents: 50000, ticketIds: [1] })).toBe(40000);
    // 150 % -> the whole $900.00
    expect(discountCodeCents(twoTypes, { code: 'HUGE', percent: 150 })).toBe(90000);
  });

  it('gives nothing for an empty or negative rule', () => {
    expect(discountCodeCents(twoTypes, { code: 'EMPTY' })).toBe(0);
    expect(discountCodeCents(twoTypes, { code: 'NEG', amountCents: -5000 })).toBe(0);
    expect(discountCodeCents([], { code: 'DEMO10', percent: 10 })).toBe(0);
  });

  it('prefers the percentage when both are set', () => {
    expect(discountCodeCents(twoTypes, { code: 'BOTH', percent: 10, amountCents: 100 })).toBe(9000);
  });
});

describe('serviceChargeCents', () => {
  it('charges rate × tickets plus rate × products for the customer', () => {
    // 0.1 × 105000 + 0.1 × 19900 = 10500 + 1990
    expect(serviceChargeCents(105000, 19900, customer10, true)).toBe(12490);
  });

  it('rounds each part separately', () => {
    // 0.1 × 5 = 0.5 -> 1, twice -> 2 (one rounding of 1.0 would give 1)
    expect(serviceChargeCents(5, 5, customer10, true)).toBe(2);
  });

  it('is 0 without tickets, with a zero rate, or when someone else absorbs it', () => {
    expect(serviceChargeCents(0, 19900, customer10, false)).toBe(0);
    expect(serviceChargeCents(105000, 0, { rate: 0, absorb: 'customer' }, true)).toBe(0);
    expect(serviceChargeCents(105000, 0, { rate: 0.1, absorb: 'organizer' }, true)).toBe(0);
    expect(serviceChargeCents(105000, 0, { rate: 0.1, absorb: undefined }, true)).toBe(0);
  });
});

describe('productsTotalCents', () => {
  it('truncates the sum to whole pesos', () => {
    // 2 × $99.99 = $199.98 -> $199
    expect(productsTotalCents([{ productId: 1, quantity: 2, unitPriceCents: 9999 }])).toBe(19900);
    // $0.99 + $0.99 = $1.98 -> $1 (the sum is truncated, not each line)
    expect(
      productsTotalCents([
        { productId: 1, quantity: 1, unitPriceCents: 99 },
        { productId: 2, quantity: 1, unitPriceCents: 99 },
      ]),
    ).toBe(100);
    // 3 × $33.34 = $100.02 -> $100
    expect(productsTotalCents([{ productId: 1, quantity: 3, unitPriceCents: 3334 }])).toBe(10000);
    expect(productsTotalCents([])).toBe(0);
  });
});

describe('priceOrder', () => {
  it('3 × $350, no discounts, rate 0.1 paid by the customer', () => {
    // tickets 105000; comission 0.1 × 105000 = 10500; amount 115500 = $1,155
    const totals = priceOrder({ tickets: [ticket(1, 3, 35000)], serviceCharge: customer10 });
    expect(totals).toEqual({
      ticketsGrossCents: 105000,
      volumeDiscountCents: 0,
      ticketsCents: 105000,
      discountCodeCents: 0,
      ticketsAfterCodeCents: 105000,
      productsCents: 0,
      comissionCents: 10500,
      amountCents: 115500,
      amountOutDiscountCents: 115500,
      amountProductosCents: 0,
      totalCents: 115500,
      lines: [{ ticketId: 1, grossCents: 105000, volumeDiscountCents: 0, netCents: 105000 }],
    });
    expect(orderTotalsToApi(totals)).toEqual({
      amount: 1155,
      comission: 105,
      amountOutDiscount: 1155,
      amountDiscount: 0,
      amountProductos: 0,
      total: 1155,
    });
  });

  it('volume discount 10 % at 4 or more units', () => {
    // 4 × $350 = 140000; volume 14000; net 126000; comission 12600; amount 138600 = $1,386
    const totals = priceOrder({
      tickets: [ticket(1, 4, 35000, { volumeDiscount: { minimumQuantity: 4, value: 10, isPercentage: true } })],
      serviceCharge: customer10,
    });
    expect(totals.volumeDiscountCents).toBe(14000);
    expect(totals.ticketsCents).toBe(126000);
    expect(totals.comissionCents).toBe(12600);
    expect(orderTotalsToApi(totals)).toMatchObject({ amount: 1386, comission: 126, total: 1386 });
  });

  it('fixed volume discount of $50', () => {
    // 2 × $350 = 70000; minus 5000 = 65000; comission 6500; amount 71500 = $715
    const totals = priceOrder({
      tickets: [ticket(1, 2, 35000, { volumeDiscount: { minimumQuantity: 2, value: 50, isPercentage: false } })],
      serviceCharge: customer10,
    });
    expect(totals.lines).toEqual([{ ticketId: 1, grossCents: 70000, volumeDiscountCents: 5000, netCents: 65000 }]);
    expect(orderTotalsToApi(totals)).toMatchObject({ amount: 715, comission: 65, amountOutDiscount: 715 });
  });

  it('DEMO10 on top of a volume discount', () => {
    // net after volume 126000 (see above); DEMO10 10 % = 12600; after code 113400;
    // comission 11340; amount 124740 = $1,247.40.
    // Without the code: 126000 + 12600 = 138600 = $1,386.
    const totals = priceOrder({
      tickets: [ticket(1, 4, 35000, { volumeDiscount: { minimumQuantity: 4, value: 10, isPercentage: true } })],
      discount: { code: 'DEMO10', percent: 10 },
      serviceCharge: customer10,
    });
    expect(totals.discountCodeCents).toBe(12600);
    expect(totals.ticketsAfterCodeCents).toBe(113400);
    expect(orderTotalsToApi(totals)).toEqual({
      amount: 1247.4,
      comission: 113.4,
      amountOutDiscount: 1386,
      amountDiscount: 126,
      amountProductos: 0,
      total: 1247.4,
    });
  });

  it('fixed $50 code limited to ticket 1 with two ticket types', () => {
    // ticket 1: 2 × $200 = 40000; ticket 2: 1 × $500 = 50000; gross 90000
    // code 5000 on ticket 1 -> 85000; comission 8500; amount 93500 = $935
    // without code: 90000 + 9000 = 99000 = $990
    const totals = priceOrder({
      tickets: [ticket(1, 2, 20000), ticket(2, 1, 50000)],
      discount: { code: 'FIFTY', amountCents: 5000, ticketIds: [1] },
      serviceCharge: customer10,
    });
    expect(orderTotalsToApi(totals)).toEqual({
      amount: 935,
      comission: 85,
      amountOutDiscount: 990,
      amountDiscount: 50,
      amountProductos: 0,
      total: 935,
    });
  });

  it('caps a code larger than the eligible total', () => {
    // $500 code on ticket 1 (40000 eligible) -> 40000; tickets left 50000; comission 5000; amount 55000
    const totals = priceOrder({
      tickets: [ticket(1, 2, 20000), ticket(2, 1, 50000)],
      discount: { code: 'BIG', amountCents: 50000, ticketIds: [1] },
      serviceCharge: customer10,
    });
    expect(totals.discountCodeCents).toBe(40000);
    expect(totals.ticketsAfterCodeCents).toBe(50000);
    expect(orderTotalsToApi(totals)).toMatchObject({ amount: 550, comission: 50, amountDiscount: 400 });
  });

  it('charges no commission when the organiser absorbs it', () => {
    // 3 × $350 = 105000, no charge -> $1,050
    const totals = priceOrder({ tickets: [ticket(1, 3, 35000)], serviceCharge: { rate: 0.1, absorb: 'organizer' } });
    expect(orderTotalsToApi(totals)).toMatchObject({ amount: 1050, comission: 0, amountOutDiscount: 1050, total: 1050 });
  });

  it.each([['abc'], [-1], [undefined], [5]])('prices with the default 0.1 rate when the config says %s', (raw) => {
    const serviceCharge = normaliseServiceCharge({ comission_percentage: raw, absorb: 'customer' });
    const totals = priceOrder({ tickets: [ticket(1, 3, 35000)], serviceCharge });
    expect(orderTotalsToApi(totals)).toMatchObject({ amount: 1155, comission: 105 });
  });

  it('adds truncated products and charges the rate on them too', () => {
    // tickets 1 × $100 = 10000; products 2 × $99.99 = 19998 -> 19900
    // comission round(0.1 × 10000) + round(0.1 × 19900) = 1000 + 1990 = 2990
    // amount 10000 + 2990 = 12990 = $129.90; total 12990 + 19900 = 32890 = $328.90
    const totals = priceOrder({
      tickets: [ticket(1, 1, 10000)],
      products: [{ productId: 7, quantity: 2, unitPriceCents: 9999 }],
      serviceCharge: customer10,
    });
    expect(orderTotalsToApi(totals)).toEqual({
      amount: 129.9,
      comission: 29.9,
      amountOutDiscount: 129.9,
      amountDiscount: 0,
      amountProductos: 199,
      total: 328.9,
    });
  });

  it('charges nothing on products alone (no tickets)', () => {
    const totals = priceOrder({ tickets: [], products: [{ productId: 7, quantity: 1, unitPriceCents: 10000 }], serviceCharge: customer10 });
    expect(totals.comissionCents).toBe(0);
    expect(totals.totalCents).toBe(10000);
  });

  it('rounds odd centavos: 3 × $33.33 at 10 %', () => {
    // 3 × 3333 = 9999; comission 999.9 -> 1000; amount 10999 = $109.99
    const plain = priceOrder({ tickets: [ticket(1, 3, 3333)], serviceCharge: customer10 });
    expect(plain.comissionCents).toBe(1000);
    expect(orderTotalsToApi(plain)).toMatchObject({ amount: 109.99, comission: 10 });

    // With DEMO10: code 999.9 -> 1000; after 8999; comission 899.9 -> 900; amount 9899 = $98.99
    const coded = priceOrder({ tickets: [ticket(1, 3, 3333)], discount: { code: 'DEMO10', percent: 10 }, serviceCharge: customer10 });
    expect(coded.discountCodeCents).toBe(1000);
    expect(coded.comissionCents).toBe(900);
    expect(orderTotalsToApi(coded)).toMatchObject({ amount: 98.99, comission: 9, amountOutDiscount: 109.99, amountDiscount: 10 });
  });

  it('zero-price tickets cost nothing at all', () => {
    const totals = priceOrder({
      tickets: [ticket(1, 2, 0)],
      discount: { code: 'DEMO10', percent: 10 },
      serviceCharge: customer10,
    });
    expect(totals.totalCents).toBe(0);
    expect(totals.comissionCents).toBe(0);
    expect(orderTotalsToApi(totals)).toEqual({
      amount: 0,
      comission: 0,
      amountOutDiscount: 0,
      amountDiscount: 0,
      amountProductos: 0,
      total: 0,
    });
  });

  it('rejects malformed catalogue data loudly', () => {
    expect(() => priceOrder({ tickets: [ticket(1, -1, 35000)], serviceCharge: customer10 })).toThrow(RangeError);
    expect(() => priceOrder({ tickets: [ticket(1, 1, 350.5)], serviceCharge: customer10 })).toThrow(RangeError);
    expect(() =>
      priceOrder({ tickets: [], products: [{ productId: 1, quantity: 1.5, unitPriceCents: 100 }], serviceCharge: customer10 }),
    ).toThrow(RangeError);
  });
});

describe('volumeDiscountRule', () => {
  it('maps the md fields of a ticket type (database row, API ticket or order line) to the pricing rule', () => {
    expect(volumeDiscountRule({ md: 1, md_minimum: 4, md_quantity: 10, md_ispercentage: 1 })).toEqual({ minimumQuantity: 4, value: 10, isPercentage: true });
    expect(volumeDiscountRule({ md: true, md_minimum: 2, md_quantity: 50, md_ispercentage: false })).toEqual({ minimumQuantity: 2, value: 50, isPercentage: false });
    // An order line carries the fields only when the discount is on, without the switch.
    expect(volumeDiscountRule({ md_minimum: 2, md_quantity: 50, md_ispercentage: 0 })).toEqual({ minimumQuantity: 2, value: 50, isPercentage: false });
  });

  it('is null when switched off or incomplete', () => {
    expect(volumeDiscountRule({ md: 0, md_minimum: 4, md_quantity: 10, md_ispercentage: 1 })).toBeNull();
    expect(volumeDiscountRule({ md: false, md_minimum: 4, md_quantity: 10 })).toBeNull();
    expect(volumeDiscountRule({ md: 1, md_minimum: null, md_quantity: 10 })).toBeNull();
    expect(volumeDiscountRule({ md: 1, md_minimum: 4, md_quantity: null })).toBeNull();
    expect(volumeDiscountRule({})).toBeNull();
  });
});
