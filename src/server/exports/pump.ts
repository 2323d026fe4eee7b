import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AttendeePage } from './attendee-rows';

/** Resolves once `out` may take more (`drain`), or once it closed (the client went away). */
function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * Reads every row in keyset batches (`read(after)`) and hands each batch to `write`, then waits until `out` drains
 * and for the next turn of the event loop before reading on: at most about one batch is held, and other requests
 * are answered between batches. Stops early when `out` was destroyed (the download was cut).
 */
export async function pumpBatches(read: (after: number) => Promise<AttendeePage>, write: (page: AttendeePage) => void | Promise<void>, out: Writable): Promise<void> {
  let after = 0;
  for (;;) {
    if (out.destroyed) return;
    const page = await read(after);
    await write(page);
    await drained(out);
    await nextTurn();
    if (page.next === null) return;
    after = page.next;
  }
}
