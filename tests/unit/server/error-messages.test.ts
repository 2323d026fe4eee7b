import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError, errors } from '../../../src/server/http/app-error';
import { messageLanguage } from '../../../src/shared/accept-language';
import { ERROR_CODES, renderMessage } from '../../../src/server/http/error-messages';

const root = join(import.meta.dirname, '../../../locales');
const catalogue = (language: string) => JSON.parse(readFileSync(join(root, language, 'api-errors.json'), 'utf8')) as Record<string, unknown>;

/** Every sentence of a catalogue by dotted path. */
function sentences(tree: Record<string, unknown>, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') found.set(`${prefix}${key}`, value);
    else for (const [path, text] of sentences(value as Record<string, unknown>, `${prefix}${key}.`)) found.set(path, text);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the error-message catalogue (locales/*/api-errors.json)', () => {
  const es = sentences(catalogue('es'));
  const en = sentences(catalogue('en'));

  it('has every code in both languages, with the same placeholders', () => {
    expect(ERROR_CODES.length).toBeGreaterThan(40);
    for (const code of ERROR_CODES) {
      expect(es.get(code)?.trim(), `es ${code}`).toBeTruthy();
      expect(en.get(code)?.trim(), `en ${code}`).toBeTruthy();
      expect(es.get(code), `en ${code} is not the Spanish text`).not.toBe(en.get(code));
    }
    expect([...en.keys()].sort()).toEqual([...es.keys()].sort());
    for (const [path, text] of es) expect(placeholders(en.get(path)!), path).toEqual(placeholders(text));
  });

  it('gives every error the API raises a code of the catalogue and a sentence in both languages', () => {
    const samples: AppError[] = [
      errors.soldOut('VIP'), errors.soldOut(), errors.voucherLimitReached(0, 0), errors.voucherLimitReached(2, 2),
      errors.duplicateLine('producto', 3), errors.botCheckFailed('puntuación baja'), errors.eventInvalid([{ pointer: '/x', message: 'y' }]),
    ];
    for (const error of samples) {
      expect(ERROR_CODES).toContain(error.code);
      expect(error.mensajeIn('es')).not.toMatch(/\{\{/);
      expect(error.mensajeIn('en')).not.toMatch(/\{\{/);
      expect(error.mensajeIn('en')).not.toBe(error.mensajeIn('es'));
      expect(error.mensaje).toBe(error.mensajeIn('es'));
    }
    expect(errors.duplicateLine('producto', 3).mensajeIn('en')).toBe('The product 3 appears more than once in the request.');
    expect(renderMessage('en', 'variants.VOUCHER_LIMIT_REACHED_none')).toMatch(/cash/);
  });

  it('picks the language of Accept-Language: the first of es/en it prefers, es for anything else', () => {
    expect(messageLanguage(undefined)).toBe('es');
    expect(messageLanguage('en')).toBe('en');
    expect(messageLanguage('EN-gb')).toBe('en');
    expect(messageLanguage('fr-CA,fr;q=0.9,en;q=0.8,es;q=0.7')).toBe('en');
    expect(messageLanguage('en;q=0.5, es;q=0.6')).toBe('es');
    expect(messageLanguage('en;q=0.5, es;q=0.5')).toBe('en');
    expect(messageLanguage('*')).toBe('es');
    expect(messageLanguage('en;q=abc')).toBe('es');
    expect(messageLanguage('pt-BR')).toBe('es');
  });
});
