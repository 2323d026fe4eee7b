import { Worker } from 'node:worker_threads';
import type { PdfJobResult } from './pdf-worker';
import type { TicketsPdfInput } from './ticket-pdf';

interface Pending { id: number; input: TicketsPdfInput; resolve: (pdf: Buffer) => void; reject: (error: Error) => void }
interface Slot { worker: Worker; job: Pending | null }

const ENTRY = new URL('./pdf-worker-entry.mjs', import.meta.url);

/**
 * Renders ticket PDFs on worker threads, so drawing them (pdfkit and the QR codes are
 * synchronous CPU work) never blocks the event loop that answers every other request.
 * Up to `size` workers are started on demand and kept; jobs beyond them wait in order.
 * A worker that dies fails only its own job and is replaced on the next one. Idle workers
 * are unref'd, so they never keep a process (a CLI, a test run) alive.
 */
export class PdfRenderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;

  constructor(private readonly size: number) {}

  render(input: TicketsPdfInput): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, input, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops every worker; jobs still waiting or running are refused. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new Error('PDF pool closed'));
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.job === null) ?? (this.slots.length < this.size ? this.spawn() : undefined);
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, input: job.input });
    }
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(ENTRY), job: null };
    const finish = () => {
      slot.job = null;
      slot.worker.unref();
      this.dispatch();
    };
    slot.worker.on('message', (result: PdfJobResult) => {
      const job = slot.job;
      if (!job || job.id !== result.id) return;
      if ('pdf' in result) job.resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
      else job.reject(new Error(`PDF rendering failed: ${result.error}`));
      finish();
    });
    const die = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return;
      this.slots.splice(index, 1);
      slot.job?.reject(error);
      slot.job = null;
      this.dispatch();
    };
    slot.worker.on('error', die);
    slot.worker.on('exit', (code) => die(new Error(`PDF worker exited (${code})`)));
    this.slots.push(slot);
    return slot;
  }
}
