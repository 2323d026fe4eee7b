import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AttendeePage } from './attendee-rows';
import type { AttendeeColumns } from './columns';
import { pumpBatches } from './pump';

/** Rows laid out between two turns of the event loop (exceljs takes tens of microseconds a row). */
const ROWS_A_TURN = 100;

/**
 * Writes the attendee list as an XLSX workbook to `out` with exceljs's streaming writer (one sheet, a header row,
 * every cell a text; each row committed as written, so the workbook is never whole in memory), batch by batch.
 * Text cells are never formulas, whatever they start with. The writer ends `out`. exceljs is loaded at the first
 * workbook written (a server that never exports one never holds it).
 */
export async function writeAttendeeXlsx(read: (after: number) => Promise<AttendeePage>, columns: AttendeeColumns, out: Writable, sheetName: string): Promise<void> {
  const all = [...columns.fixed, ...columns.fields];
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(all.map((c) => c.title)).commit();
  await pumpBatches(read, async (page) => {
    for (let i = 0; i < page.rows.length; i += ROWS_A_TURN) {
      for (const row of page.rows.slice(i, i + ROWS_A_TURN)) sheet.addRow(all.map((c) => c.cell(row))).commit();
      await nextTurn();
    }
  }, out);
  if (out.destroyed) return;
  sheet.commit();
  await workbook.commit();
}
