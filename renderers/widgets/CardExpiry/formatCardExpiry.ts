/**
 * What an expiry input shows for what was typed: up to four digits as MM/YY, the slash
 * added once the month is complete ("1" → "1", "122" → "12/2", "12/27" stays).
 */
export function formatCardExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Month and two-digit year of a complete MM/YY value, or undefined. */
export function parseCardExpiry(value: string): { month: string; year: string } | undefined {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(value);
  return match ? { month: match[1], year: match[2] } : undefined;
}
