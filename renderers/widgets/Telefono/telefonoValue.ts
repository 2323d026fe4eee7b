/** Telephone answers keep digits only, at most this many unless the schema says otherwise. */
export const TELEFONO_MAX_DIGITS = 10;

/** What a telephone input keeps of what was typed or pasted: its digits, capped at `maxDigits`. */
export function telefonoValue(typed: string, maxDigits = TELEFONO_MAX_DIGITS): string {
  return typed.replace(/\D/g, '').slice(0, maxDigits);
}
