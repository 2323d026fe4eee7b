import { luhnValid } from './luhn';

/** What a charge with a test card does in the sandbox. */
export type OpenpayOutcome = 'approve' | 'decline' | 'insufficient_funds' | '3ds';

/**
 * Openpay's published test cards for Mexico and what each does, plus one card of the
 * sandbox's own that makes the bank ask for 3-D Secure. Any other number that passes the
 * check digit is approved, as Openpay's test environment approves valid numbers.
 */
const TEST_CARDS: Record<string, OpenpayOutcome> = {
  '4111111111111111': 'approve',
  '5555555555554444': 'approve',
  '4222222222222220': 'decline',
  '4444444444444448': 'insufficient_funds',
  '4000000000003220': '3ds',
};


function brandOf(number: string): string {
  if (/^3[47]/.test(number)) return 'american_express';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^4/.test(number)) return 'visa';
  return 'carnet';
}

/** The test card behind a number (brand and outcome), or undefined when the number is not a card. */
export function openpayTestCard(number: string): { brand: string; outcome: OpenpayOutcome } | undefined {
  if (!/^\d{13,19}$/.test(number) || !luhnValid(number)) return undefined;
  return { brand: brandOf(number), outcome: TEST_CARDS[number] ?? 'approve' };
}
