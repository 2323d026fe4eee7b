import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(__dirname, '../../../../src/server');
const DB = join(SERVER, 'db');

/** What choosing by database looks like in code: comparing a dialect, naming one in a string, a flag named for one. */
const DIALECT_BRANCH = [
  /\bdialect\s*[!=]==?/,
  /['"`](?:postgres(?:ql)?|sqlite)(?::\/\/|:)?['"`]/,
  /\b(?:is|on)(?:Postgres|Sqlite|SQLite)\b/,
  /\b(?:const|let)\s+(?:postgres|sqlite)\b/,
];

function sourcesOutsideDb(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === DB ? [] : sourcesOutsideDb(path);
    return /\.(?:ts|mts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/**
 * What differs between SQLite and PostgreSQL is answered by the connection's dialect object
 * (src/server/db/dialect.ts); no file outside src/server/db/ chooses by database itself.
 */
describe('the dialect boundary', () => {
  it('no server file outside db/ branches on the dialect', () => {
    const branches = sourcesOutsideDb(SERVER).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line: line.trim(), at: `${relative(SERVER, file)}:${index + 1}` }))
        .filter(({ line }) => !line.startsWith('*') && !line.startsWith('//') && DIALECT_BRANCH.some((pattern) => pattern.test(line)))
        .map(({ line, at }) => `${at}: ${line}`),
    );
    expect(branches).toEqual([]);
  });
});
