import { parentPort } from 'node:worker_threads';
import { renderTicketsPdf, type TicketsPdfInput } from './ticket-pdf';

/** A render request from the main thread, and the answer (the PDF's bytes, or why not). */
export interface PdfJob { id: number; input: TicketsPdfInput }
export type PdfJobResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

// One job at a time per worker (the pool only sends the next when this one answered).
parentPort!.on('message', async ({ id, input }: PdfJob) => {
  try {
    const pdf = await renderTicketsPdf(input);
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    parentPort!.postMessage({ id, pdf: bytes } satisfies PdfJobResult);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies PdfJobResult);
  }
});
