import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type Language = 'es' | 'en';
type Dictionary = Record<string, unknown>;

function readLocale(language: Language): Dictionary {
  const dictionary: Dictionary = {};
  for (const namespace of ['common', 'checkout', 'errors', 'forms', 'payments', 'api-errors']) {
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

/** Runs `body` once per language, as its own describe block. */
export function inBothLanguages(body: (language: Language) => void): void {
  for (const language of ['es', 'en'] as const) {
    test.describe(`[${language}]`, () => {
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
export async function expectAccessible(page: Page, context: string): Promise<void> {
  // The scans run on desktop, in both languages: what axe checks (names, roles, contrast,
  // landmarks) is the same markup on the phone, and a scan costs seconds.
  if (test.info().project.name === 'phone') return;
  // MUI animates colours (250 ms); a scan in mid-transition would measure colours nobody reads.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  await page.waitForTimeout(50); // a real pause: the page's own clock may be stopped by the test
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const summary = blocking.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.html} — ${node.failureSummary ?? ''}`).join(' | ')}`,
  );
  expect(summary, `axe violations on ${context}`).toEqual([]);
}
