import { execFile } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PdfRenderPool } from '../../../../src/server/fulfilment/pdf-pool';
import type { TicketsPdfInput } from '../../../../src/server/fulfilment/ticket-pdf';

/** A purchase of `count` tickets (one page each). */
function input(count: number): TicketsPdfInput {
  const tickets = Array.from({ length: count }, (_, i) => ({ folio: i + 1, ticketTypeName: 'General', attendeeName: `Asistente ${i + 1}`, qrSecret: `secret-${i}` }));
  return { eventName: 'Concierto', when: null, venue: null, purchaseId: 'p-1', lang: 'es', tickets };
}

const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

/** Worker threads started by this process while a test runs. */
let started = 0;
const countWorker = () => { started += 1; };

// Starting a thread loads tsx and pdfkit in it (seconds on a busy machine): a bound, not a timing.
describe('the PDF render pool', { timeout: 90_000 }, () => {
  const pool = new PdfRenderPool(2);
  beforeEach(() => {
    started = 0;
    subscribe('worker_threads', countWorker);
  });
  afterEach(() => unsubscribe('worker_threads', countWorker));
  afterAll(() => pool.close());

  it('draws each job on one of at most `size` threads, each answer the PDF of its own job, and keeps the threads', async () => {
    const pdfs = await Promise.all([1, 2, 3, 4, 5].map((count) => pool.render(input(count))));
    expect(pdfs.map((pdf) => pdf.subarray(0, 5).toString())).toEqual(Array(5).fill('%PDF-'));
    expect(pdfs.map(pages)).toEqual([1, 2, 3, 4, 5]);
    expect(Buffer.isBuffer(pdfs[0])).toBe(true);
    expect(started).toBeGreaterThanOrEqual(1);
    expect(started).toBeLessThanOrEqual(2);

    started = 0;
    expect(pages(await pool.render(input(1)))).toBe(1);
    expect(started).toBe(0);
  });

  it('a job that fails is refused with its reason, and the next job is drawn', async () => {
    const broken = { ...input(1), tickets: null } as unknown as TicketsPdfInput;
    await expect(pool.render(broken)).rejects.toThrow(/^PDF rendering failed: /);
    expect(pages(await pool.render(input(2)))).toBe(2);
  });

  it('close() refuses every job not answered yet, waiting or being drawn, and stops the threads; a later job starts them again', async () => {
    const jobs = [1, 2, 3, 4].map((count) => pool.render(input(count)).then(() => 'drawn', () => 'refused'));
    await pool.close();
    expect(await Promise.all(jobs)).toEqual(Array(4).fill('refused'));
    started = 0;
    expect(pages(await pool.render(input(3)))).toBe(3);
    expect(started).toBeGreaterThanOrEqual(1);
  });

  it('idle threads never keep a process alive', async () => {
    const script = fileURLToPath(new URL('./pdf-pool-idle.fixture.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { timeout: 60_000 });
    expect(stdout.trim()).toBe('drawn 1');
  });
});
