import { describe, expect, it } from 'vitest';
import { listeningPort } from '../../support/server-process';

const LINE = '\n  Checkout ready at http://127.0.0.1:35493/demo  (listening on port 35493, database: sqlite:/tmp/x.sqlite)\n';

describe("the test server process's port, read from its start line", () => {
  it('is read once the whole number has arrived, never from a chunk that ends inside it', () => {
    const cut = LINE.indexOf('port 354') + 'port 354'.length;
    expect(listeningPort(LINE.slice(0, cut))).toBeUndefined();
    expect(listeningPort(LINE.slice(0, cut + 2))).toBeUndefined();
    expect(listeningPort(LINE)).toBe(35493);
  });
});
