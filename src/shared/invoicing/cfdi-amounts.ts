/**
 * The arithmetic of a CFDI 4.0 (Anexo 20's rules), shared by the server that builds an invoice from
 * an order and the sandbox that stamps it:
 * - a concept's amounts carry up to 6 decimals (kept here as integer micro-pesos): Importe =
 *   Cantidad × ValorUnitario, Base = Importe − Descuento, its IVA = Base × TasaOCuota rounded to the
 *   Base's 6 decimals (half up);
 * - the invoice's amounts carry the currency's 2: SubTotal = Σ Importe, Descuento = Σ Descuento, each
 *   transfer of the summary = Σ of the concepts' of that rate, TotalImpuestosTrasladados = Σ of those,
 *   each sum rounded once to the centavo, and Total = SubTotal − Descuento + TotalImpuestosTrasladados.
 * Checkout prices include IVA: `conceptsForGross` finds tax-free unit values whose invoice Total is
 * the amount paid to the centavo.
 */

export const MICRO_PER_CENT = 10_000;
const BASIS = 10_000;

/** How a concept is taxed: IVA at a rate in basis points (1600 = 16 %), or exempt. */
export type TaxTreatment = { kind: 'iva'; rateBasisPoints: number } | { kind: 'exempt' };

export const IVA_16: TaxTreatment = { kind: 'iva', rateBasisPoints: 1600 };
export const IVA_EXEMPT: TaxTreatment = { kind: 'exempt' };

/** What a concept states: its quantity, its tax-free unit value and discount (micro-pesos), its tax. */
export interface ConceptAmounts {
  quantity: number;
  unitValueMicro: number;
  discountMicro: number;
  tax: TaxTreatment;
}

/** A concept with what follows from it. */
export interface ConceptFigures extends ConceptAmounts {
  importeMicro: number;
  baseMicro: number;
  /** The IVA transferred (0 when exempt). */
  taxMicro: number;
}

/** One line of the invoice's tax summary: a rate (null: exempt) with its base and tax in centavos. */
export interface TaxSummaryLine {
  rateBasisPoints: number | null;
  baseCents: number;
  taxCents: number;
}

export interface CfdiTotals {
  subTotalCents: number;
  discountCents: number;
  transfers: TaxSummaryLine[];
  /** TotalImpuestosTrasladados; null when every concept is exempt (the attribute is then left out). */
  taxCents: number | null;
  totalCents: number;
}

/** Half-up division of non-negative integers. */
function divideRounded(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export function microToCents(micro: number): number {
  return divideRounded(micro, MICRO_PER_CENT);
}

export function conceptFigures(concept: ConceptAmounts): ConceptFigures {
  const importeMicro = concept.quantity * concept.unitValueMicro;
  const baseMicro = importeMicro - concept.discountMicro;
  const taxMicro = concept.tax.kind === 'iva' ? divideRounded(baseMicro * concept.tax.rateBasisPoints, BASIS) : 0;
  return { ...concept, importeMicro, baseMicro, taxMicro };
}

/** The invoice's amounts from its concepts, each sum rounded once to the centavo. */
export function cfdiTotals(concepts: readonly ConceptAmounts[]): CfdiTotals {
  const figures = concepts.map(conceptFigures);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const subTotalCents = microToCents(sum(figures.map((f) => f.importeMicro)));
  const discountCents = microToCents(sum(figures.map((f) => f.discountMicro)));
  const rates = [...new Set(figures.map((f) => (f.tax.kind === 'iva' ? f.tax.rateBasisPoints : null)))];
  const transfers = rates.map((rate) => {
    const ofRate = figures.filter((f) => (f.tax.kind === 'iva' ? f.tax.rateBasisPoints : null) === rate);
    return { rateBasisPoints: rate, baseCents: microToCents(sum(ofRate.map((f) => f.baseMicro))), taxCents: microToCents(sum(ofRate.map((f) => f.taxMicro))) };
  });
  const taxed = transfers.filter((line) => line.rateBasisPoints !== null);
  const taxCents = taxed.length > 0 ? sum(taxed.map((line) => line.taxCents)) : null;
  return { subTotalCents, discountCents, transfers, taxCents, totalCents: subTotalCents - discountCents + (taxCents ?? 0) };
}

/** A line as the checkout charged it: prices and discount include the tax. */
export interface GrossLine {
  quantity: number;
  unitGrossCents: number;
  discountGrossCents: number;
  tax: TaxTreatment;
}

/** A gross amount in centavos without its tax, in micro-pesos (half up). */
function withoutTax(grossCents: number, tax: TaxTreatment): number {
  const divisor = tax.kind === 'iva' ? BASIS + tax.rateBasisPoints : BASIS;
  return divideRounded(grossCents * MICRO_PER_CENT * BASIS, divisor);
}

/** How far (in micro-pesos per unit) the search moves one concept's unit value: half a centavo covers any rounding. */
const SEARCH_LIMIT_MICRO = MICRO_PER_CENT;

/**
 * The concepts of lines the buyer paid for (IVA included), stated without their tax so that the
 * invoice's Total equals what was paid to the centavo. Each value starts as the gross one divided by
 * (1 + rate); when the roundings of the sums leave the Total a centavo off, the unit value of one
 * concept moves by the fewest micro-pesos that bring it back (a shift far below a centavo per unit).
 */
export function conceptsForGross(lines: readonly GrossLine[]): ConceptAmounts[] {
  const paidCents = lines.reduce((total, line) => total + line.quantity * line.unitGrossCents - line.discountGrossCents, 0);
  const concepts = lines.map((line) => ({
    quantity: line.quantity,
    unitValueMicro: withoutTax(line.unitGrossCents, line.tax),
    discountMicro: withoutTax(line.discountGrossCents, line.tax),
    tax: line.tax,
  }));
  if (cfdiTotals(concepts).totalCents === paidCents) return concepts;
  // The sums the Total is rounded from, kept so that each try costs a few additions.
  const figures = concepts.map(conceptFigures);
  const rateOf = (f: ConceptFigures) => (f.tax.kind === 'iva' ? f.tax.rateBasisPoints : 0);
  const importe = figures.reduce((sum, f) => sum + f.importeMicro, 0);
  const discountCents = microToCents(figures.reduce((sum, f) => sum + f.discountMicro, 0));
  const taxByRate = new Map<number, number>();
  for (const f of figures) if (f.tax.kind === 'iva') taxByRate.set(rateOf(f), (taxByRate.get(rateOf(f)) ?? 0) + f.taxMicro);
  const order = figures.map((_, index) => index).sort((a, b) => figures[a].quantity - figures[b].quantity);
  for (let shift = 1; shift <= SEARCH_LIMIT_MICRO; shift++) {
    for (const index of order) {
      const old = figures[index];
      for (const sign of [-1, 1]) {
        const moved = conceptFigures({ ...old, unitValueMicro: old.unitValueMicro + sign * shift });
        if (moved.unitValueMicro < 0 || moved.baseMicro < 0) continue;
        let taxCents = 0;
        for (const [rate, tax] of taxByRate) taxCents += microToCents(rate === rateOf(old) ? tax - old.taxMicro + moved.taxMicro : tax);
        if (microToCents(importe - old.importeMicro + moved.importeMicro) - discountCents + taxCents === paidCents) {
          return concepts.map((concept, i) => (i === index ? { ...concept, unitValueMicro: moved.unitValueMicro } : concept));
        }
      }
    }
  }
  throw new Error(`no CFDI amounts give the paid total of ${paidCents} centavos`);
}

/** Micro-pesos as the XML and the provider write them: 6 decimals. */
export function microText(micro: number): string {
  return (micro / 1_000_000).toFixed(6);
}

/** Centavos as the XML writes them: 2 decimals. */
export function centsText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A rate in basis points as TasaOCuota writes it (`0.160000`). */
export function rateText(rateBasisPoints: number): string {
  return (rateBasisPoints / BASIS).toFixed(6);
}
