import Piscina from 'piscina';
import type { TicketsPdfInput } from './ticket-pdf';

const ENTRY = new URL('./pdf-worker-entry.mjs', import.meta.url).href;

/**
 * Renders ticket PDFs on worker threads (piscina), so drawing them (pdfkit and the QR codes are
 * synchronous CPU work) never blocks the event loop that answers every other request.
 * Up to `size` threads are started on demand and kept; jobs beyond them wait in order.
 * A thread that dies fails only its own job and is replaced on the next one. Idle threads
 * are unref'd, so they never keep a process (a CLI, a test run) alive.
 */
export class PdfRenderPool {
  private pool: Piscina<TicketsPdfInput, Uint8Array> | null = null;

  constructor(private readonly size: number) {}

  async render(input: TicketsPdfInput): Promise<Buffer> {
    this.pool ??= this.start();
    try {
      const pdf = await this.pool.run(input);
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    } catch (error) {
      throw new Error(`PDF rendering failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Stops every thread; jobs still waiting or running are refused. A later render starts new ones. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }

  private start(): Piscina<TicketsPdfInput, Uint8Array> {
    const pool = new Piscina<TicketsPdfInput, Uint8Array>({ filename: ENTRY, minThreads: 0, maxThreads: this.size, idleTimeout: Infinity });
    // A thread that fails while idle is dropped and replaced; without a listener the pool's 'error' would end the process.
    pool.on('error', () => {});
    return pool;
  }
}
