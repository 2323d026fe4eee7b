import { renderTicketsPdf, type TicketsPdfInput } from './ticket-pdf';

/** One job of the PDF pool, run on its worker thread: the PDF's bytes (a throw refuses the job with its message). */
export default async function renderPdfJob(input: TicketsPdfInput): Promise<Uint8Array> {
  const pdf = await renderTicketsPdf(input);
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
