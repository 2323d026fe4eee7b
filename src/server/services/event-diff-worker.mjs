// Entry of a one-shot diff thread (`event-diff.ts`): jsdiff over two stored event files, off the
// event loop's thread (a large, much-changed file takes seconds). Plain JavaScript: it needs no tsx.
import { parentPort, workerData } from 'node:worker_threads';
import { formatPatch, structuredPatch } from 'diff';

const { oldName, newName, oldText, newText, maxEditLength } = workerData;
const patch = structuredPatch(oldName, newName, oldText, newText, undefined, undefined, { context: 3, maxEditLength });
parentPort.postMessage(patch ? { patch, text: formatPatch(patch) } : null);
