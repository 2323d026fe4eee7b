import { Worker } from 'node:worker_threads';
import type { StructuredPatch } from 'diff';

/** Beyond this many added and removed lines a diff is given up (its cost grows with their square). */
export const MAX_DIFF_EDITS = 2000;

export interface FileDiff {
  patch: StructuredPatch;
  /** The unified diff's text. */
  text: string;
}

/**
 * The unified diff of two texts, computed on a thread of its own so the event loop never waits for it;
 * undefined when more than `maxEditLength` lines differ.
 */
export function diffOffThread(oldName: string, newName: string, oldText: string, newText: string, maxEditLength = MAX_DIFF_EDITS): Promise<FileDiff | undefined> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./event-diff-worker.mjs', import.meta.url), { workerData: { oldName, newName, oldText, newText, maxEditLength } });
    worker.once('message', (result: FileDiff | null) => resolve(result ?? undefined));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`diff thread ended (${code}) without an answer`)));
  });
}
