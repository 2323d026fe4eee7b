import { watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import type { WatchedPreviewResponse } from '../../shared/api';
import { previewEventSource } from './event-preview.service';

/** The preview of one file on disk, rebuilt whenever the file is saved. */
export interface WatchedPreview {
  current(): WatchedPreviewResponse;
  /** Resolves once the version is past `version`, or after `waitMs` (a long poll's end). */
  changedAfter(version: number, waitMs: number): Promise<void>;
  close(): void;
}

const unreadable = (file: string, error: unknown) => ({
  problems: [{ pointer: '', es: `No se pudo leer ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`, en: `Cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})` }],
  event: null,
  module: null,
});

/**
 * Watches the folder rather than the file: editors save by writing a new file and renaming it
 * over the old one, which ends a watch on the file itself. Bursts of events (one save is often
 * two or three) are folded into one rebuild a few milliseconds later.
 */
export async function watchEventFile(path: string): Promise<WatchedPreview> {
  const file = resolve(path);
  const name = basename(file);
  let version = 0;
  let state: WatchedPreviewResponse;
  let waiters: (() => void)[] = [];
  let lastSource: string | undefined;

  const rebuild = async () => {
    let preview;
    try {
      const source = await readFile(file, 'utf8');
      if (source === lastSource && version > 0) return;
      lastSource = source;
      preview = await previewEventSource(source);
    } catch (error) {
      lastSource = undefined;
      preview = unreadable(name, error);
    }
    version += 1;
    state = { file: name, version, preview };
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };
  // One rebuild at a time (checking a file awaits its patterns' verdicts), so an older save never lands after a newer one.
  let rebuilding = Promise.resolve();
  const schedule = () => (rebuilding = rebuilding.then(rebuild));
  await schedule();

  let timer: ReturnType<typeof setTimeout> | undefined;
  const watcher: FSWatcher = watch(dirname(file), (_event, changed) => {
    if (changed !== null && changed !== name) return;
    clearTimeout(timer);
    timer = setTimeout(() => void schedule(), 40);
  });

  return {
    current: () => state,
    changedAfter: (after, waitMs) =>
      after < version
        ? Promise.resolve()
        : new Promise<void>((done) => {
            const stop = setTimeout(() => {
              waiters = waiters.filter((waiter) => waiter !== wake);
              done();
            }, waitMs);
            const wake = () => {
              clearTimeout(stop);
              done();
            };
            waiters.push(wake);
          }),
    close: () => {
      clearTimeout(timer);
      watcher.close();
      for (const wake of waiters) wake();
      waiters = [];
    },
  };
}
