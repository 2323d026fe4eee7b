import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { memoryStorage, storageKeys } from '../../../src/client/stores/ports';
import { rememberPurchaseKey } from '../../../src/client/stores/purchaseKeys';
import { writeSavedPurchase } from '../../../src/client/stores/purchaseSession';

export type Language = 'es' | 'en';
type Dictionary = Record<string, unknown>;

function readLocale(language: Language): Dictionary {
  const dictionary: Dictionary = {};
  for (const namespace of ['common', 'checkout', 'errors', 'forms', 'payments', 'api-errors', 'invoice', 'waitinglist']) {
    const file = fileURLToPath(new URL(`../../../locales/${language}/${namespace}.json`, import.meta.url));
    dictionary[namespace] = JSON.parse(readFileSync(file, 'utf8'));
  }
  return dictionary;
}

const dictionaries: Record<Language, Dictionary> = { es: readLocale('es'), en: readLocale('en') };

/** The visible text for `key` ("namespace:a.b") in `language`, with {{vars}} filled in — what a buyer reads. */
export function text(language: Language, key: string, vars: Record<string, string | number> = {}): string {
  const [namespace, path] = key.includes(':') ? key.split(':') : ['common', key];
  let value: unknown = dictionaries[language][namespace];
  for (const part of path.split('.')) value = (value as Dictionary | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`No ${language} text for ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

export const MAIN_SITE_PATH = '/__main-site';

interface Fixtures {
  language: Language;
  /** `text` bound to the test's language. */
  t: (key: string, vars?: Record<string, string | number>) => string;
}

/**
 * The storefront test: the buyer's language is chosen before the first visit (as a
 * stored choice), and the main site is answered locally so redirects need no network.
 */
export const test = base.extend<Fixtures>({
  language: ['es', { option: true }],
  t: async ({ language }, use) => {
    await use((key, vars) => text(language, key, vars));
  },
  page: async ({ page, language }, use) => {
    await page.addInitScript((lng) => {
      if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', lng);
    }, language);
    await page.route(`**${MAIN_SITE_PATH}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="es"><title>Sitio principal</title><h1>Sitio principal</h1></html>' }),
    );
    page.on('pageerror', (error) => console.log(`[page error] ${error.message}`));
    await use(page);
  },
});

export { expect };

/**
 * Runs `body` in one language per viewport: `desktop` on the desktop project (English unless given) and
 * Spanish on the phone, which runs only the tests tagged @phone. Walking a journey again in the other
 * language on the same viewport would repeat its clicks to check only its texts, and the locale tests
 * already compare the two languages key by key. The phone drops `[en]` blocks, the desktop `[es, phone]`.
 */
export function inOneLanguagePerViewport(body: (language: Language) => void, desktop: Language = 'en'): void {
  const blocks: [string, Language][] = desktop === 'es' ? [['[es]', 'es']] : [['[en]', 'en'], ['[es, phone]', 'es']];
  for (const [title, language] of blocks) {
    test.describe(title, () => {
      test.use({ language });
      body(language);
    });
  }
}

/** Picks `quantity` of the ticket type called `name` on the ticket page. */
export async function chooseTickets(page: Page, t: Fixtures['t'], name: string, quantity: number): Promise<void> {
  await page.getByRole('combobox', { name: `${t('checkout:tickets.quantity')} ${t('checkout:tickets.quantityOf', { name })}` }).selectOption(String(quantity));
}

/** Opens /demo, picks tickets and continues to the next step (purchase created). */
export async function startPurchase(page: Page, t: Fixtures['t'], tickets: Record<string, number>, path = '/demo'): Promise<void> {
  await page.goto(path);
  for (const [name, quantity] of Object.entries(tickets)) await chooseTickets(page, t, name, quantity);
  await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
  // The next step is a lazy chunk: wait until it replaced the ticket page.
  await expect(page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Asserts an axe-core scan finds no serious or critical violation (desktop project only). */
/**
 * An axe scan of `page` as the specs run it. Legacy mode: one axe.run in the page (frames of the same
 * origin included, as every frame is here: the sandboxes are this server). The default runs each frame
 * apart and then opens a blank page to merge their results, which took half of every scan: 2.2–5.3 s a
 * scan before, 0.7–2.9 s after (a11y.spec.ts on desktop, 22 scans: 1.2 → 0.95 min). Only violations
 * are reported in full (axe keeps one node of each passing rule instead of a selector for every node
 * that passed): the event editor's whole-page scan went from 16–20 s to 5.5 s with both.
 */
export function axeScan(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode();
}

export async function expectAccessible(page: Page, context: string): Promise<void> {
  // The scans run on desktop, in both languages: what axe checks (names, roles, contrast,
  // landmarks) is the same markup on the phone, and a scan costs seconds.
  if (test.info().project.name === 'phone') return;
  // MUI animates colours (250 ms); a scan in mid-transition would measure colours nobody reads.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  await page.waitForTimeout(50); // a real pause: the page's own clock may be stopped by the test
  const results = await axeScan(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const summary = blocking.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.html} — ${node.failureSummary ?? ''}`).join(' | ')}`,
  );
  expect(summary, `axe violations on ${context}`).toEqual([]);
}

/** A bot-check token as the demo's reCAPTCHA stand-in (its api.js) gets one: the site key from /api/config, the page's host name. */
export async function botCheckToken(request: APIRequestContext, action: string): Promise<string> {
  const config = await request.get('/api/config');
  const { siteKey } = ((await config.json()) as { botCheck: { siteKey: string } }).botCheck;
  const answer = await request.post('/sandbox/recaptcha/api/token', { data: { siteKey, action, hostname: new URL(config.url()).hostname } });
  return ((await answer.json()) as { token: string }).token;
}

/**
 * A held purchase made with the storefront's own HTTP calls (event, bot-check token,
 * new-purchase) and adopted by the tab the way a refresh adopts it (the purchase and its
 * access key in sessionStorage), then `path` opened. For tests about a later step: the
 * ticket page and its Continue are the subject of their own tests, the click-through is not
 * repeated as set-up. Tickets by visible name, as on the ticket page.
 */
export async function holdPurchase(page: Page, tickets: Record<string, number>, path: string, url = 'demo'): Promise<{ purchaseId: string }> {
  const event = (await (await page.request.get(`/api/event/${url}`)).json()) as { tickets: { id: number; name: string }[] };
  const idOf = (name: string) => event.tickets.find((ticket) => ticket.name === name)?.id ?? Number.NaN;
  const token = await botCheckToken(page.request, 'new_purchase');
  const created = await page.request.post('/api/payments/new-purchase', {
    data: { url, token, code: null, identificador: null, tickets: Object.entries(tickets).map(([name, cantidad]) => ({ ticket_id: idOf(name), cantidad })) },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { purchase_id: purchaseId, access_key: accessKey } = (await created.json()) as { purchase_id: string; access_key: string };
  // What the storefront keeps after new-purchase, written by its own functions (so in its format).
  const kept = memoryStorage();
  writeSavedPurchase(kept, { purchase_id: purchaseId, url });
  rememberPurchaseKey(kept, purchaseId, accessKey);
  const entries = [storageKeys.purchase, storageKeys.purchaseKeys].map((key) => [key, kept.getItem(key)!] as const);
  // sessionStorage belongs to the origin: a same-origin answer that boots no app is enough to write it.
  await page.goto('/api/config');
  await page.evaluate((pairs) => pairs.forEach(([key, value]) => window.sessionStorage.setItem(key, value)), entries);
  await page.goto(path);
  return { purchaseId };
}

/** The products step of a purchase held through the API (see {@link holdPurchase}). */
export async function heldAtProducts(page: Page, t: Fixtures['t'], tickets: Record<string, number>): Promise<void> {
  await holdPurchase(page, tickets, '/demo/productos');
  await expect(page.getByRole('heading', { level: 1, name: t('checkout:products.title') })).toBeVisible();
}

/**
 * Changes the demo event as the browser receives it, in both places it arrives: the copy the
 * server inlines in the page's HTML (`#event-data`, the first view) and `GET /api/event/demo`.
 */
export async function changeDemoEvent(page: Page, change: (answer: { event: { config: Record<string, unknown> } }) => void): Promise<void> {
  await page.route('**/api/event/demo*', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    change(json);
    await route.fulfill({ response, json });
  });
  await page.route(/\/demo(\/[^.?]*)?(\?.*)?$/, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(/(<script id="event-data" type="application\/json">)([\s\S]*?)(<\/script>)/, (_all, open: string, json: string, close: string) => {
      const data = JSON.parse(json) as { answer: { event: { config: Record<string, unknown> } } };
      change(data.answer);
      return `${open}${JSON.stringify(data).replace(/</g, '\\u003c')}${close}`;
    });
    await route.fulfill({ status: response.status(), contentType: 'text/html; charset=utf-8', body: html });
  });
}
