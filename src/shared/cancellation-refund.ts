/**
 * What a buyer's cancellation gives back of `paidCents` (what the cancelled tickets cost) when the event keeps
 * `feePercent` (0-100, at most three decimals): the fee is rounded half up to the centavo, in integers (the percent
 * read as thousandths of a percent, so no binary fraction tips a value), and the refund is the rest.
 */
export function cancellationRefund(paidCents: number, feePercent: number): { feeCents: number; refundCents: number } {
  const thousandths = Math.round(feePercent * 1000);
  const feeCents = Math.min(paidCents, Math.floor((paidCents * thousandths + 50_000) / 100_000));
  return { feeCents, refundCents: paidCents - feeCents };
}
