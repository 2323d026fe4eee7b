import { describe, expect, it } from 'vitest';
import { plainText, plainTexts } from '../../../src/shared/plain-text';

describe('plainText', () => {
  it('removes controls, bidi overrides and isolates, zero-width characters and the BOM; keeps letters, accents and emoji', () => {
    expect(plainText('\u202EAna\u200B López\u0000\u2066x\u2069\uFEFF\u0085 🎟️')).toBe('Ana Lópezx 🎟️');
  });

  it('keeps the zero-width joiner and non-joiner, which Persian and Indic names and emoji sequences need', () => {
    const persian = 'می‌خواهم';
    const family = '👩‍👩‍👧';
    expect(plainText(`${persian} ${family}`)).toBe(`${persian} ${family}`);
  });

  it('keeps tabs and line feeds only in multi-line text (a carriage return goes)', () => {
    expect(plainText('línea 1\r\n\tlínea 2')).toBe('línea 1  línea 2');
    expect(plainText('línea 1\r\n\tlínea 2', { multiline: true })).toBe('línea 1\n\tlínea 2');
  });

  it('cleans every string of a JSON value, keys untouched', () => {
    expect(plainTexts({ 'a\u200B': ['\u202Ex', 1, null, { y: 'z\u0000\n' }] })).toEqual({ 'a\u200B': ['x', 1, null, { y: 'z\n' }] });
  });
});
