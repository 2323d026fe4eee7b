import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

/** How the built storefront travels: precompressed copies when accepted, hashed assets immutable, index.html never stored. */
describe.skipIf(skipDatabase)('storefront delivery', () => {
  let t: TestApp;
  let dir: string;
  const script = `export const greeting = ${JSON.stringify('hola '.repeat(2000))};\n`;
  const page = `<!doctype html><html lang="es"><head><title>Boletos</title><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div>${'<!-- relleno -->'.repeat(100)}</body></html>`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'storefront-delivery-'));
    mkdirSync(join(dir, 'assets'));
    for (const [name, text] of [['assets/index-AbC123.js', script], ['index.html', page]] as const) {
      writeFileSync(join(dir, name), text);
      writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
    }
    writeFileSync(join(dir, 'assets', 'small-Zz9.css'), 'a{}');
    t = await createTestApp({ clientDir: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('a hashed asset: brotli when accepted, gzip otherwise, plain for a client that accepts neither; cached for a year, immutable', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a file built without compressed copies is sent as it is', async () => {
    const res = await get('/assets/small-Zz9.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('a{}');
  });

  it('index.html (a storefront path that names no event) is compressed too and never stored: it names the current assets', async () => {
    for (const url of ['/', '/admin/preview', '/checkin']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
    }
  });

  it('the door scanner\'s page may compile its QR decoder\'s WebAssembly; no other page may', async () => {
    const scriptSrc = (csp: unknown) => String(csp).split(';').find((d) => d.trim().startsWith('script-src'));
    for (const url of ['/checkin', '/checkin/', '/checkin?lang=en']) expect(scriptSrc((await get(url)).headers['content-security-policy'])).toContain("'wasm-unsafe-eval'");
    for (const url of ['/', '/checkin-sw.js', '/demo', '/api/event/no-existe']) expect(scriptSrc((await get(url)).headers['content-security-policy'])).not.toContain('wasm');
  });

  it('API answers are never stored', async () => {
    const res = await get('/api/event/no-existe', 'br');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
