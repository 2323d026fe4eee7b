import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const SERVER = join(ROOT, 'src/server');
const ORDERS = join(SERVER, 'orders');
// Migrations create the table and PostgreSQL's hold function; they describe the schema, they do not move an order.
const MIGRATIONS = join(SERVER, 'db/migrations');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === ORDERS || path === MIGRATIONS ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The statements (up to the next `;`) that start at each match of `start`. */
function statements(text: string, start: RegExp): string[] {
  return [...text.matchAll(start)].map((m) => text.slice(m.index, text.indexOf(';', m.index) + 1 || undefined));
}

/**
 * A purchase's status is written by the orders module alone (`orders/lifecycle.ts`): its table of
 * legal transitions, its compare-and-set and its history row would be bypassed by any other writer.
 * A new purchase takes its first status from there too (`openingStatus`), never a literal.
 */
describe('who writes a purchase status', () => {
  it('no file under src/server outside orders/ sets purchases.status', () => {
    const found = sources(SERVER).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const writes = [
        ...statements(text, /updateTable\(\s*['"]purchases(?: as \w+)?['"]\s*\)/g).filter((s) => /\bstatus\s*[:,]/.test(s)),
        ...statements(text, /updatePurchase\(/g).filter((s) => /\bstatus\s*:/.test(s)),
        ...statements(text, /status\s*:\s*['"](?:held|pending|paid|expired|cancelled|refunded)['"]/g).filter(() => /insertInto\(\s*['"]purchases['"]|NewPurchase\b/.test(text)),
      ];
      return writes.length ? [relative(ROOT, file)] : [];
    });
    expect(found).toEqual([]);
  });

  it('the stock counters of a status move are moved by the orders module alone', () => {
    // `releaseCounted` gives back run-out holds (the status stays `held`): the expiry release alone calls it.
    const allowed: Record<string, string[]> = { 'releaseCounted(': ['src/server/services/stock.service.ts'], 'movePurchaseCounters(': [] };
    const found = sources(SERVER).flatMap((file) => {
      const name = relative(ROOT, file);
      if (name === 'src/server/repositories/stock.repository.ts') return [];
      const text = readFileSync(file, 'utf8');
      return Object.entries(allowed).filter(([call, files]) => text.includes(call) && !files.includes(name)).map(([call]) => `${name}: ${call}`);
    });
    expect(found).toEqual([]);
  });
});
