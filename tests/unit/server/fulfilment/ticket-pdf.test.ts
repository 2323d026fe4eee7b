import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderTicketsPdf, type TicketsPdfInput } from '../../../../src/server/fulfilment/ticket-pdf';

/** One page per attendee name. */
function input(names: string[], eventName = 'Concierto'): TicketsPdfInput {
  const tickets = names.map((attendeeName, i) => ({ folio: i + 1, ticketTypeName: 'General', attendeeName, qrSecret: `secret-${i}` }));
  return { eventName, when: null, venue: 'Foro Sol', purchaseId: 'p-1', lang: 'es', tickets };
}

/** What poppler reads in a PDF: its text (pdftotext) and its font table (pdffonts). */
function read(pdf: Buffer): { text: string; fonts: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ticket-pdf-'));
  try {
    const file = join(dir, 't.pdf');
    writeFileSync(file, pdf);
    return { text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }), fonts: execFileSync('pdffonts', [file], { encoding: 'utf8' }) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The printed lines of a PDF's text, page breaks and blank lines dropped. */
const lines = (text: string) => text.split(/[\n\f]/).map((line) => line.trim()).filter(Boolean);

describe('the ticket PDF', () => {
  it('prints names of any Latin, Greek or Cyrillic spelling as typed, in an embedded font', async () => {
    const names = ['Łukasz Dvořák', 'Xōchitl Pérez', 'Ngũgĩ wa Thiong’o', 'Ærøskøbing Åse', 'Σωκράτης Παπαδόπουλος', 'Анна Каренина'];
    const { text, fonts } = read(await renderTicketsPdf(input(names, 'Noche de Çelik & Šťastný')));
    for (const name of names) expect(lines(text)).toContain(name);
    expect(lines(text)).toContain('Noche de Çelik & Šťastný');
    expect(lines(text)).toContain('Dónde: Foro Sol');
    // pdffonts: one row per font; the "emb" column says the font's glyphs are in the file.
    const rows = fonts.split('\n').slice(2).filter(Boolean);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/^\S+\+DejaVuSans(-Bold)?\s+CID TrueType.*\byes\s+yes\s+yes\b/);
  });

  it('reads back whole in a PDF drawn after another (the worker keeps the fonts between PDFs)', async () => {
    await renderTicketsPdf(input(['Ana'], 'Noche de Çelik'));
    expect(lines(read(await renderTicketsPdf(input(['Carla'], 'Concierto'))).text)).toEqual(expect.arrayContaining(['Concierto', 'Carla']));
  });

  it('prints one visible substitute for each character the font cannot draw, and nothing garbled', async () => {
    const { text } = read(await renderTicketsPdf(input(['李小龍 Ana 🦄 😀', '👨‍👩‍👧 Luis'])));
    expect(lines(text)).toContain('\uFFFD\uFFFD\uFFFD Ana \uFFFD 😀');
    expect(lines(text)).toContain('\uFFFD Luis');
  });
});
