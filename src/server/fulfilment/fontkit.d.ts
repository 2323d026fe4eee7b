/** The part of fontkit (the font engine pdfkit draws with; it ships no types) that the ticket PDF uses. */
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  /** Parses a font file (a TrueType file gives one Font). */
  export function create(buffer: Uint8Array): Font;
}
