import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import type { AttendeeModuleTicket, AttendeeValidatorModule } from './attendee-module-build';

let pool: Piscina | undefined;

/** What a worker thread answers: the module, its compressed bodies as plain byte arrays. */
type Built = Omit<AttendeeValidatorModule, 'encoded'> & { encoded: Record<keyof AttendeeValidatorModule['encoded'], Uint8Array> };

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Builds an attendee module (compile + standalone code + compression: seconds for a large
 * event) on a worker thread of a piscina pool, so the event loop answers other requests
 * meanwhile. One thread, started on the first build; an idle one ends after a minute and never
 * keeps a process alive.
 */
export async function buildAttendeeModuleOffThread(version: string, tickets: AttendeeModuleTicket[]): Promise<AttendeeValidatorModule> {
  pool ??= new Piscina({
    filename: fileURLToPath(new URL('./attendee-module-worker.mjs', import.meta.url)),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
  });
  const built = (await pool.run({ version, tickets })) as Built;
  return { ...built, encoded: { br: asBuffer(built.encoded.br), gzip: asBuffer(built.encoded.gzip) } };
}
