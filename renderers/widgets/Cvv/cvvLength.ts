/** American Express numbers start with 34 or 37. */
export function isAmexNumber(cardNumber: unknown): boolean {
  return typeof cardNumber === 'string' && /^3[47]/.test(cardNumber.replace(/\D/g, ''));
}

/** Digits a security code has: 4 for Amex, otherwise 3 (an explicit limit wins, e.g. 4 for the second provider). */
export function cvvLength(options: { maxLength?: unknown; amex?: unknown }, cardNumber?: unknown): number {
  if (typeof options.maxLength === 'number') return options.maxLength;
  return options.amex === true || isAmexNumber(cardNumber) ? 4 : 3;
}

/** What a security-code input keeps of what was typed: digits, at most `length`. */
export function cvvValue(typed: string, length: number): string {
  return typed.replace(/\D/g, '').slice(0, length);
}
