import { clabe as clabeValidator } from 'clabe-validator';

/** What is wrong with a CLABE: not 18 digits, its control digit, its bank code or its place code unknown. */
export type ClabeProblem = 'length' | 'control_digit' | 'bank' | 'city';

export type ClabeCheck = { ok: true; clabe: string; bank: string } | { ok: false; problem: 'length' | 'control_digit' } | { ok: false; problem: 'bank' | 'city'; code: string };

/**
 * Checks a Mexican CLABE (18-digit interbank account) as a buyer types it: spaces and hyphens are
 * ignored; the control digit, the bank (its first three digits) and the place (the next three) are
 * checked by `clabe-validator`, which also names the bank.
 */
export function checkClabe(input: string): ClabeCheck {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{18}$/.test(digits)) return { ok: false, problem: 'length' };
  const result = clabeValidator.validate(digits);
  if (!result.valid.bank) return { ok: false, problem: 'bank', code: digits.slice(0, 3) };
  if (!result.valid.city) return { ok: false, problem: 'city', code: digits.slice(3, 6) };
  if (!result.ok || !result.bank) return { ok: false, problem: 'control_digit' };
  return { ok: true, clabe: digits, bank: result.bank };
}
