import { describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../../src/server/http/content-encoding';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['gzip;q=0, br;q=0', undefined],
    ['', undefined],
    [undefined, undefined],
    [['gzip', 'br'], 'br'],
    ['GZIP', 'gzip'],
    ['br;q=abc, gzip', 'gzip'],
  ] as const)('%j → %s', (header, expected) => {
    expect(preferredEncoding(header as string | string[] | undefined)).toBe(expected);
  });

  it('reads only the first 512 characters of a long header', () => {
    expect(preferredEncoding(`${'x, '.repeat(400)}br`)).toBeUndefined();
  });
});
