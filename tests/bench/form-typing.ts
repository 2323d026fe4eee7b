import { createReadStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build, type Plugin } from 'vite';
import { compileAttendeeFields } from '../../src/shared/attendee-form';
import { standaloneValidatorModule } from '../../src/shared/validation/standalone-module';
import { ATTENDEES, BENCH_FIELDS } from './form-typing-pages/shared';

/**
 * `npm run bench` (or `npm run bench -- form-typing`): keystroke → next paint in Chromium
 * while typing into an attendee form of 10 attendees × 8 fields (the demo's General form),
 * our attendee step (one SchemaForm per attendee, precompiled validator, MobX state) beside
 * plain @rjsf/mui with live validation on the same compiled order schema, in the same run.
 *
 * Both pages are production Vite builds served from a temporary folder. Chromium runs with
 * an unthrottled frame rate so the figure is the work a keystroke causes (handlers, React,
 * validation, style, layout, paint), not the random wait for the next 60 Hz vsync, which
 * neither page can change. Prints figures; it is not a pass/fail test.
 */
const here = fileURLToPath(new URL('./form-typing-pages/', import.meta.url));
const KEY_DELAY_MS = Number(process.env.BENCH_KEY_DELAY_MS ?? 60);
/** Attendee index (0-based), field id and what to type: text, email, telefono and the pattern field, spread over the form. */
const TYPING: [number, string, string][] = [
  [0, 'nombre', 'Ana María López Hernández'],
  [4, 'correo', 'ana.lopez@example.com.mx'],
  [7, 'telefono', '5512345678'],
  [9, 'curp', 'LOAA800101MDFPNN09'],
  [2, 'nombre', 'Luis Pérez'],
];
const WARM_UP = 'warm';

/** Generates the attendee module the server would serve for the bench form (validator + compiled form). */
function benchModulePlugin(): Plugin {
  const id = 'virtual:bench-attendee-module';
  return {
    name: 'bench-attendee-module',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const compiled = compileAttendeeFields(BENCH_FIELDS);
      return `${standaloneValidatorModule({ t1: compiled.schema })}\nexport const attendeeForms = ${JSON.stringify({ 1: { ticketName: 'General', ...compiled } })};\n`;
    },
  };
}

export async function buildPages(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: here,
    logLevel: 'error',
    plugins: [react(), benchModulePlugin()],
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      minify: process.env.BENCH_MINIFY !== '0',
      chunkSizeWarningLimit: 10_000,
      rollupOptions: { input: { ours: join(here, 'ours.html'), baseline: join(here, 'baseline.html') } },
    },
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

export function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = normalize(join(dir, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)));
    if (!path.startsWith(dir) || !existsSync(path)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
    createReadStream(path).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
  }));
}

/** The input of `field` of attendee `index` on either page. */
function fieldSelector(page: 'ours' | 'baseline', index: number, field: string): string {
  return page === 'ours' ? `[id="a1-${index}.${field}"]` : `#root_1_${index}_${field}`;
}

type Kind = 'ours' | 'baseline';

async function openPage(browser: Browser, url: string, kind: Kind): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${url}/${kind}.html`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector(fieldSelector(kind, ATTENDEES - 1, 'curp'));
  // Warm-up (JIT, first renders of errors), not recorded.
  await page.locator(fieldSelector(kind, 1, 'nombre')).click();
  await page.keyboard.type(WARM_UP, { delay: KEY_DELAY_MS });
  await page.waitForTimeout(300);
  await page.evaluate(() => (window as unknown as { __samples: number[] }).__samples.splice(0));
  return page;
}

async function typeInto(page: Page, kind: Kind, [index, field, text]: [number, string, string]): Promise<void> {
  await page.bringToFront();
  await page.locator(fieldSelector(kind, index, field)).click();
  await page.keyboard.type(text, { delay: KEY_DELAY_MS });
  await page.waitForTimeout(200);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Types the same keys into both pages and prints p50/p95/max keystroke → paint. */
export default async function benchFormTyping(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'form-typing-'));
  const started = Date.now();
  await buildPages(outDir);
  const { server, url } = await serve(outDir);
  const executablePath = process.env.BENCH_CHROMIUM ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-gpu-vsync', '--disable-frame-rate-limit', '--disable-background-networking'],
  });
  try {
    // Both pages stay open and take turns field by field, so a busy moment of the machine
    // lands on both columns alike.
    const pages: Record<Kind, Page> = { baseline: await openPage(browser, url, 'baseline'), ours: await openPage(browser, url, 'ours') };
    let turn = 0;
    for (const round of [0, 1]) {
      for (const entry of TYPING) {
        const order: Kind[] = (turn + round) % 2 === 0 ? ['baseline', 'ours'] : ['ours', 'baseline'];
        for (const kind of order) await typeInto(pages[kind], kind, entry);
        turn += 1;
      }
    }
    const results = {} as Record<Kind, number[]>;
    for (const kind of ['ours', 'baseline'] as const) {
      results[kind] = await pages[kind].evaluate(() => (window as unknown as { __samples: number[] }).__samples.slice());
    }
    const line = (label: string, samples: number[]) =>
      `  ${label.padEnd(58)} p50 ${percentile(samples, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(samples, 95).toFixed(1).padStart(6)} ms   max ${Math.max(...samples).toFixed(1).padStart(6)} ms   (${samples.length} keys)`;
    const oursP95 = percentile(results.ours, 95);
    const baseP95 = percentile(results.baseline, 95);
    console.log(`\nForm typing: keystroke → next paint, Chromium (unthrottled frames), ${ATTENDEES} attendees × ${BENCH_FIELDS.length} fields, ${KEY_DELAY_MS} ms between keys`);
    console.log(line('ours: SchemaForm per attendee, precompiled validator', results.ours));
    console.log(line('baseline: @rjsf/mui, liveValidate, ajv8 validator, one form', results.baseline));
    console.log(`  p95: ours ${oursP95 <= 16 ? 'within' : 'OVER'} one frame (16 ms); baseline / ours = ${(baseP95 / oursP95).toFixed(1)}×`);
    // Wall-clock figures: on a shared machine other processes' load shows up in both columns.
    console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s; ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)} at the end)`);
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
