import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run event:preview -- FILE` as an operator runs it: a separate process that prints the
 * preview's URL (token in the fragment), serves the storefront's page and the watched file's
 * preview, and answers a long poll with the new preview once the file is saved.
 */
describe('npm run event:preview', () => {
  const dir = mkdtempSync(join(tmpdir(), 'event-preview-'));
  const clientDir = join(dir, 'client');
  const file = join(dir, 'mi-evento.json');
  const original = JSON.parse(readFileSync('tests/fixtures/events/attendee-forms.event.json', 'utf8')) as { event: { name: string } };
  let child: ChildProcess;
  let url: URL;
  let output = '';

  beforeAll(async () => {
    // A stand-in for dist/client: this test is about the process, not the built storefront (the e2e spec uses the real one).
    mkdirSync(clientDir);
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>tienda</title>');
    writeFileSync(file, JSON.stringify(original, null, 2));
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/event-preview.ts', file], {
      env: { ...process.env, PREVIEW_PORT: '0', CLIENT_DIR: clientDir, ADMIN_TOKEN: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    url = await new Promise<URL>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`event:preview did not start:\n${output}`)), 50_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /(http:\/\/127\.0\.0\.1:\d+\/admin\/preview#token=[\w-]+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(new URL(match[1]));
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`event:preview exited with ${code}:\n${output}`)));
    });
  }, 55_000);
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  const token = () => new URLSearchParams(url.hash.slice(1)).get('token')!;
  const get = (path: string, withToken = true) => fetch(new URL(path, url.origin), { headers: withToken ? { authorization: `Bearer ${token()}` } : {} });

  it('prints the URL and serves the page there', async () => {
    expect(output).toContain(`Preview of ${file}`);
    const page = await get('/admin/preview', false);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>tienda</title>');
  });

  it("answers the file's preview to its token only", async () => {
    const refused = await get('/api/admin/preview/file', false);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'UNAUTHORIZED', mensaje: expect.any(String) });
    const res = await get('/api/admin/preview/file');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ file: 'mi-evento.json', version: 1, preview: { problems: [], event: { name: original.event.name } } });
  });

  it('answers a waiting page with the new preview once the file is saved, problems included', async () => {
    const waiting = get('/api/admin/preview/file?after=1');
    writeFileSync(file, JSON.stringify({ ...original, event: { ...original.event, name: 'Nombre nuevo' }, hold_minutes: -1 }, null, 2));
    const res = await waiting;
    const answer = (await res.json()) as { version: number; preview: { event: { name: string }; problems: { pointer: string }[] } };
    expect(answer.version).toBeGreaterThan(1);
    expect(answer.preview.event.name).toBe('Nombre nuevo');
    expect(answer.preview.problems.map((problem) => problem.pointer)).toContain('/hold_minutes');
  });
});
