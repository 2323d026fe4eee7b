import type { Writable } from 'node:stream';
import type { AttendeePage } from './attendee-rows';
import type { AttendeeColumns } from './columns';
import { CSV_BOM, csvRecord } from './csv';
import { pumpBatches } from './pump';

/** Writes the attendee list as CSV to `out` (UTF-8 with a byte-order mark, a header, one record a row), batch by batch, and ends it. */
export async function writeAttendeeCsv(read: (after: number) => Promise<AttendeePage>, columns: AttendeeColumns, out: Writable): Promise<void> {
  const all = [...columns.fixed, ...columns.fields];
  out.write(CSV_BOM + csvRecord(all.map((c) => c.title)));
  await pumpBatches(read, (page) => {
    if (page.rows.length > 0) out.write(page.rows.map((row) => csvRecord(all.map((c) => c.cell(row)))).join(''));
  }, out);
  if (!out.destroyed) out.end();
}
