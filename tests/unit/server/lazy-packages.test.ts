import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');

/**
 * Packages a server may never use, or uses long after it starts (an export, a wallet pass, a seated
 * event, an event file's patterns, the invoicing sandbox's PDF, a Redis for the rate limits), taken together ≈ 40 MB of every
 * process's memory when loaded at start: each is imported where it is first used (`await import`),
 * never at a module's top (`import … from`), so a server holds it only once it needs it.
 * `import type` costs nothing at run time and is allowed.
 */
const AT_FIRST_USE = ['exceljs', 'recheck', 'passkit-generator', 'seatsio', 'pdfkit', 'ioredis'];

/** The server's run-time sources: `src/server` (worker threads' entries excepted: they load in their own thread), `src/shared`, `sandbox`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(?:ts|tsx|mts|mjs)$/.test(entry.name) ? [path] : [];
  });
}
const files = ['src/server', 'src/shared', 'sandbox'].flatMap((dir) => sources(join(ROOT, dir)));
/** Files that run only on a worker thread (the ticket PDF's drawing): they load nothing into the server's own thread. */
const WORKER_ONLY = new Set(['src/server/fulfilment/ticket-pdf.ts', 'src/server/fulfilment/ticket-fonts.ts']);

describe('packages loaded at first use', () => {
  it.each(AT_FIRST_USE)('%s is imported where it is used, not when the server starts', (name) => {
    const quoted = `['"]${name.replace(/[-/]/g, '\\$&')}(?:/[^'"]*)?['"]`;
    const staticImport = new RegExp(`^\\s*import\\s+(?!type\\b)[^;]*?from\\s+${quoted}`, 'm');
    const dynamicImport = new RegExp(`import\\(\\s*${quoted}\\s*\\)`);
    const atStart: string[] = [];
    const atUse: string[] = [];
    for (const file of files) {
      const path = relative(ROOT, file);
      const text = readFileSync(file, 'utf8');
      if (staticImport.test(text) && !WORKER_ONLY.has(path)) atStart.push(path);
      if (dynamicImport.test(text)) atUse.push(path);
    }
    expect(atStart).toEqual([]);
    expect(atUse.length).toBeGreaterThan(0);
  });
});
