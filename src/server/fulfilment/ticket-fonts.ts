import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create } from 'fontkit';

/**
 * The fonts the ticket PDF embeds (pdfkit keeps only the glyphs a PDF uses), from the `dejavu-fonts-ttf`
 * package: DejaVu Sans draws Latin with Latin Extended and Vietnamese, Greek, Cyrillic, Armenian,
 * Georgian, Hebrew and some Arabic, so buyers' names print as typed. Resolved through the package,
 * so it works from whatever directory the server runs in.
 */
const FONT_FILES = { regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf', bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf' } as const;
export type TicketFont = keyof typeof FONT_FILES;

/** Printed in place of a character the font has no glyph for (CJK, most emoji); DejaVu Sans draws it. */
export const MISSING_GLYPH = '\uFFFD';

/** A font's file, which pdfkit parses for each PDF, and whether the font has a glyph for a character. */
export interface TicketFontFile {
  bytes: Buffer;
  hasGlyph(codePoint: number): boolean;
}

let fonts: Record<TicketFont, TicketFontFile> | null = null;

/**
 * The fonts, read on first use and kept: once per PDF worker thread. pdfkit is given the bytes, not one
 * parsed font for every PDF: fontkit caches each glyph with the characters it was first met for, and a
 * letter first met as part of an accented one ("C" of "Ç") lost its text in the next PDF.
 */
export function ticketFonts(): Record<TicketFont, TicketFontFile> {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const load = (file: string): TicketFontFile => {
      const bytes = readFileSync(require.resolve(file));
      const font = create(bytes);
      return { bytes, hasGlyph: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
    };
    fonts = { regular: load(FONT_FILES.regular), bold: load(FONT_FILES.bold) };
  }
  return fonts;
}

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
const LINE_BREAK = /^[\r\n\u2028\u2029]+$/u;

/**
 * `text` as a font with `hasGlyph` can draw it: composed (NFC, so "u" + combining tilde is the one glyph "ũ"),
 * each user-perceived character (a CJK ideograph, an emoji with its joiners and skin tone) the font cannot draw
 * replaced by one MISSING_GLYPH, invisible joiners and selectors it has no glyph for dropped, a space it lacks
 * printed as a plain space, line breaks kept (the layout breaks lines there). Otherwise the PDF would show the
 * font's empty "no glyph" box and pdftotext would read garbage.
 */
export function drawableText(text: string, hasGlyph: (codePoint: number) => boolean): string {
  const drawn = (char: string) => hasGlyph(char.codePointAt(0)!);
  let out = '';
  for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
    if (LINE_BREAK.test(segment)) out += segment;
    else if (/^\s$/u.test(segment) && !drawn(segment)) out += ' ';
    else {
      const chars = Array.from(segment).filter((char) => drawn(char) || !IGNORABLE.test(char));
      out += chars.every(drawn) ? chars.join('') : MISSING_GLYPH;
    }
  }
  return out;
}
