import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** Files a chunk pulls in statically (itself included). */
function staticClosure(manifest: Record<string, ManifestChunk>, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  chunk.imports?.forEach((child) => staticClosure(manifest, child, into));
  return into;
}

test('the ticket page loads no form engine, no payment code and no provider script', async ({ page, t }) => {
  const clientDir = process.env.E2E_CLIENT_DIR ?? join(process.cwd(), 'dist', 'client');
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  // The first visit: the entry's static imports, and the boot chunks index.html preloads (React DOM and the App,
  // which the entry imports with `import()` to evaluate them in tasks of their own) with theirs.
  const firstVisit = staticClosure(manifest, 'index.html');
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  for (const [, href] of html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)) {
    const key = Object.keys(manifest).find((name) => manifest[name].file === href);
    if (key) staticClosure(manifest, key, firstVisit);
  }
  // Everything only the later steps (attendee form, payment method, loaders, thank-you) need, and the door scanner.
  const laterOnly = new Set<string>();
  for (const key of ['pages/FormPage.tsx', 'pages/PaymentMethodPage.tsx', 'pages/PaymentLoaderPage.tsx', 'pages/PaymentStatusPage.tsx', 'checkin/CheckinPage.tsx']) {
    expect(manifest[key], `${key} is a lazy chunk`).toBeDefined();
    for (const file of staticClosure(manifest, key)) if (!firstVisit.has(file)) laterOnly.add(file);
  }

  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const origin = new URL(page.url()).origin;
  expect(scripts.filter((url) => !url.startsWith(origin)), 'no third-party (provider or bot-check) script').toEqual([]);
  const loaded = scripts.map((url) => new URL(url).pathname.replace(/^\//, ''));
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((file) => laterOnly.has(file)), 'no chunk of the form or payment steps, nor of the door scanner').toEqual([]);
  expect(loaded.filter((file) => /CheckinPage|cameraScanner|ponyfill|zxing/.test(file)), 'no door scanner chunk by name').toEqual([]);
  // By name too, for payment code a later step might pull in dynamically (not in the static closure above).
  expect(loaded.filter((file) => /Payment(Method|Loader|Status)Page|usePaymentsTranslation|WalletDialog|\/buyer-/.test(file)), 'no payment chunk by name').toEqual([]);
  for (const file of loaded) {
    const source = readFileSync(join(clientDir, file), 'utf8');
    expect(/@rjsf|rjsf-|ajv/i.test(source), `${file} carries no form-engine code`).toBe(false);
  }
});
