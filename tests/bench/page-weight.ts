/**
 * Page weight of a first visit to the ticket page `/{url}` and of the walk to its attendee
 * form: the JS + CSS bytes, raw, gzip, brotli and as actually sent on the wire, beside the
 * reference (a comparable open-source checkout: 385 KiB gzip for its ticket page, 352 KiB
 * for the walk to its form) and our targets (at most half, and at most 0.65× of them).
 *
 * Two measurements, both from the existing build in dist/client (run `npm run build`
 * first; this script builds nothing):
 *  1. static: the entry's import graph from the Vite manifest (what index.html and
 *     its static imports pull in, and the chunks index.html preloads);
 *  2. browser: Chromium opens /{url} on a throw-away server (fresh SQLite, demo events)
 *     and every JS/CSS response is recorded until the network is idle; then it picks one
 *     ticket, continues (past the products step when there is one) to the attendee form and
 *     records everything loaded by the time the form is shown and the network is idle.
 *
 * Usage: `npx tsx tests/bench/page-weight.ts [url] [ticket name]` (default `demo`, `General`),
 * or via `npm run bench`. BENCH_BASE_URL=http://host:port measures a running server instead of
 * starting one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startBenchServer } from './server';

const REFERENCE_GZIP_KIB = 385;
const TARGET_GZIP_KIB = REFERENCE_GZIP_KIB / 2;
const WALK_REFERENCE_GZIP_KIB = 352;
const WALK_TARGET_GZIP_KIB = 229;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const clientDir = join(repoRoot, 'dist', 'client');

interface Weight {
  files: number;
  /** Per file: name and bytes on the wire (browser measurement only). */
  perFile?: { name: string; raw: number; wire: number }[];
  raw: number;
  gzip: number;
  brotli: number;
  /** Bytes the server actually sent (body as encoded on the wire); measured in the browser only. */
  wire?: number;
  names: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

function weigh(entries: { name: string; body: Buffer }[]): Weight {
  const weight: Weight = { files: 0, raw: 0, gzip: 0, brotli: 0, names: [] };
  for (const { name, body } of entries) {
    weight.files += 1;
    weight.raw += body.length;
    weight.gzip += gzipSync(body).length; // zlib default level (6), what servers typically send
    weight.brotli += brotliCompressSync(body).length;
    weight.names.push(name);
  }
  return weight;
}

/** The entry's static import graph and the preloaded chunks' (JS + CSS) from dist/client/.vite/manifest.json. */
function staticWeight(): Weight {
  const manifestPath = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`No ${manifestPath}: run "npm run build" (build.manifest is on in vite.config.ts).`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  visit('index.html');
  // And the chunks index.html preloads for the entry's dynamic imports of React DOM and the App
  // (scripts/vite-plugin-app-preload.js), with their imports.
  const preloaded = [...readFileSync(join(clientDir, 'index.html'), 'utf8').matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((match) => match[1]);
  for (const [key, chunk] of Object.entries(manifest)) if (preloaded.includes(chunk.file)) visit(key);
  return weigh([...files].map((file) => ({ name: file, body: readFileSync(join(clientDir, file)) })));
}

/** Starts the real server (API + dist/client) on a free port with a fresh SQLite file. */
const startServer = () => startBenchServer();

interface Measured {
  /** First visit to the ticket page, until the network is idle. */
  ticketPage: Weight;
  /** The whole walk to the attendee form: ticket page, products step, form page (every JS/CSS loaded by then). */
  walkToForm: Weight;
}

type Entry = { name: string; body: Buffer; wire: number };

const checkoutText = JSON.parse(readFileSync(join(repoRoot, 'locales', 'es', 'checkout.json'), 'utf8')) as {
  actions: { continue: string };
  tickets: { title: string; quantity: string; quantityOf: string };
  products: { title: string };
  form: { title: string };
};

/**
 * Opens `${baseUrl}/${eventUrl}` in Chromium and weighs every JS and CSS response of the
 * ticket page, then walks as a buyer does (one `ticketName` ticket → Continue → the products
 * step's Continue when the event has one → the attendee form) and weighs the whole walk.
 */
async function browserWeight(baseUrl: string, eventUrl: string, ticketName: string): Promise<Measured> {
  const systemChromium = '/usr/bin/chromium';
  const browser = await chromium.launch({
    executablePath: existsSync(systemChromium) ? systemChromium : undefined,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    // The storefront's language is a stored choice; Spanish, the language the button names below are read in.
    await page.addInitScript(() => {
      if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'es');
    });
    const bodies: Promise<Entry | null>[] = [];
    // Chromium sends its usual Accept-Encoding (gzip, deflate, br, zstd): `responseBodySize` is
    // what crossed the network, compressed or not.
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      bodies.push(
        Promise.all([response.body(), response.finished().then(() => response.request().sizes())]).then(
          ([body, sizes]) => ({ name: new URL(response.url()).pathname, body, wire: sizes.responseBodySize }),
          () => null,
        ),
      );
    });
    const settle = async (): Promise<Weight> => {
      await page.waitForLoadState('networkidle');
      const entries = (await Promise.all(bodies)).filter((entry): entry is Entry => entry !== null);
      return {
        ...weigh(entries),
        wire: entries.reduce((sum, entry) => sum + entry.wire, 0),
        perFile: entries.map((entry) => ({ name: entry.name, raw: entry.body.length, wire: entry.wire })),
      };
    };
    const heading = (name: string) => page.getByRole('heading', { level: 1, name });
    const continueButton = page.getByRole('button', { name: checkoutText.actions.continue });

    await page.goto(`${baseUrl}/${eventUrl}`, { waitUntil: 'networkidle' });
    await heading(checkoutText.tickets.title).waitFor({ timeout: 15_000 });
    const ticketPage = await settle();

    const quantityName = `${checkoutText.tickets.quantity} ${checkoutText.tickets.quantityOf.replace('{{name}}', ticketName)}`;
    await page.getByRole('combobox', { name: quantityName }).selectOption('1');
    await continueButton.click();
    const formHeading = heading(checkoutText.form.title);
    const productsHeading = heading(checkoutText.products.title);
    await formHeading.or(productsHeading).waitFor({ timeout: 15_000 });
    if (await productsHeading.isVisible()) {
      await continueButton.click();
      await formHeading.waitFor({ timeout: 15_000 });
    }
    // The heading shows before the form: its fields come with the event's validators module.
    await page.getByRole('textbox').first().waitFor({ timeout: 15_000 });
    const walkToForm = await settle();
    return { ticketPage, walkToForm };
  } finally {
    await browser.close();
  }
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);

/** One line per file: raw and on-the-wire KiB, then the path. */
function listing(files: { name: string; raw: number; wire: number }[]): string {
  return files.map((file) => `    ${kib(file.raw)} raw ${kib(file.wire)} wire  ${file.name}`).join('\n');
}

interface Yardstick {
  referenceKib: number;
  targetKib: number;
}

/** The ticket page: the reference checkout's ticket page, and at most half of it. */
const TICKET_PAGE: Yardstick = { referenceKib: REFERENCE_GZIP_KIB, targetKib: TARGET_GZIP_KIB };
/** The walk to the attendee form: the reference checkout's same walk, and at most 0.65× of it. */
const WALK_TO_FORM: Yardstick = { referenceKib: WALK_REFERENCE_GZIP_KIB, targetKib: WALK_TARGET_GZIP_KIB };

function row(label: string, weight: Weight, yardstick: Yardstick): string {
  const verdict = weight.gzip / 1024 <= yardstick.targetKib ? 'within target' : 'OVER target';
  const wire = weight.wire === undefined ? '       —' : kib(weight.wire);
  return `  ${label.padEnd(34)}${String(weight.files).padStart(6)}${kib(weight.raw)}${kib(weight.gzip)}${kib(weight.brotli)}${wire}   ${(weight.gzip / 1024 / yardstick.referenceKib * 100).toFixed(0).padStart(3)} %   ${verdict}`;
}

/**
 * Prints the first-visit page weight of `/{url}` (static graph and, when possible, measured in
 * Chromium) and the weight of the walk to its attendee form.
 */
export default async function pageWeight(eventUrl = process.env.BENCH_EVENT_URL ?? 'demo', ticketName = process.env.BENCH_TICKET ?? 'General'): Promise<void> {
  console.log(`\nPage weight: first visit to /${eventUrl} (JS + CSS, KiB; "wire" = bytes Chromium received with its own Accept-Encoding)`);
  console.log(`  ${''.padEnd(34)} files     raw    gzip  brotli    wire   of ref.`);
  console.log(row('static graph (Vite manifest)', staticWeight(), TICKET_PAGE));
  let server: { baseUrl: string; stop: () => void } | undefined;
  try {
    const baseUrl = process.env.BENCH_BASE_URL ?? (server = await startServer()).baseUrl;
    const measured = await browserWeight(baseUrl, eventUrl, ticketName);
    console.log(row(`Chromium, ${baseUrl.replace(/^https?:\/\//, '')}`, measured.ticketPage, TICKET_PAGE));
    console.log(listing(measured.ticketPage.perFile ?? []));
    console.log(`  reference: comparable open-source checkout ticket page ${REFERENCE_GZIP_KIB.toFixed(1)} KiB gzip; target ≤ ${TARGET_GZIP_KIB.toFixed(1)} KiB gzip (50 %)\n`);
    console.log(`Page weight: the walk to the attendee form (/${eventUrl} → one ${ticketName} → Continue → form; JS + CSS, KiB)`);
    console.log(`  ${''.padEnd(34)} files     raw    gzip  brotli    wire   of ref.`);
    console.log(row('Chromium, whole walk', measured.walkToForm, WALK_TO_FORM));
    console.log('    after the ticket page:');
    console.log(listing((measured.walkToForm.perFile ?? []).slice(measured.ticketPage.files)));
    console.log(`  reference: the same walk in the comparable checkout ${WALK_REFERENCE_GZIP_KIB.toFixed(1)} KiB gzip; target ≤ ${WALK_TARGET_GZIP_KIB.toFixed(1)} KiB gzip (65 %)\n`);
  } catch (error) {
    console.log(`  (Chromium measurement skipped: ${error instanceof Error ? error.message : String(error)})`);
  } finally {
    server?.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await pageWeight(process.argv[2], process.argv[3]);
}
