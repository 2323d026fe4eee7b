/**
 * Characters that change how text is shown without being seen: C0 and C1 controls (NUL, ESC,
 * CR…; tab and line feed are handled apart), bidi embeddings and overrides (U+202A–U+202E,
 * a right-to-left override turns "López" into "zepóL" on a ticket), bidi isolates
 * (U+2066–U+2069), zero-width space and word joiner (U+200B, U+2060) and the byte-order mark
 * (U+FEFF). The zero-width joiner and non-joiner (U+200C, U+200D) stay: they are part of how
 * Persian and Indic names are spelt and of emoji sequences, and they neither hide nor reorder text.
 */
const INVISIBLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B\u2060\uFEFF\u202A-\u202E\u2066-\u2069]/g;

/**
 * A name or text as it may be stored and shown (PDF, e-mail, pass, calendar file): the
 * invisible characters above removed; tabs and line feeds kept where the text may have several
 * lines (`multiline`), else each becomes a space.
 */
export function plainText(value: string, { multiline = false }: { multiline?: boolean } = {}): string {
  const cleaned = value.replace(INVISIBLE, '');
  return multiline ? cleaned : cleaned.replace(/[\t\n]/g, ' ');
}

/** Every string inside a JSON value (an event file) through `plainText`, multi-line allowed; keys as they are. */
export function plainTexts(value: unknown): unknown {
  if (typeof value === 'string') return plainText(value, { multiline: true });
  if (Array.isArray(value)) return value.map(plainTexts);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plainTexts(item)]));
  return value;
}
