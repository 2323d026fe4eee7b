/** Card numbers are 16 digits, shown in four groups of four. */
export const CARD_NUMBER_DIGITS = 16;

/** What a card-number input shows for what was typed: digits only, max 16, grouped by four ("4242 4242 4242 4242"). */
export function formatCardNumber(typed: string, maxDigits = CARD_NUMBER_DIGITS): string {
  const digits = typed.replace(/\D/g, '').slice(0, maxDigits);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
