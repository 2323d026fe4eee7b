import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chooseTickets, expect, test } from './support/fixtures';

/** The server's error catalogue, the file the storefront says an API error's code from. */
const catalogue = (language: 'es' | 'en') =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../locales/${language}/api-errors.json`, import.meta.url)), 'utf8')) as Record<string, string>;

/**
 * Ends a purchase's hold on the server, as the clock would: the e2e server runs on this SQLite
 * file, and the browser's own countdown knows nothing of it, so the next call meets the expiry.
 */
function expireHold(purchaseId: string): void {
  const db = new Database(process.env.E2E_DATABASE_FILE!);
  try {
    db.prepare('UPDATE purchases SET expires_at = ? WHERE id = ?').run('2000-01-01T00:00:00.000Z', purchaseId);
  } finally {
    db.close();
  }
}

test.describe('API errors in the buyer\'s language', () => {
  test.use({ language: 'en' });

  test('[en] an English buyer whose hold ran out on the server reads the error in English', async ({ page, t }) => {
    await page.goto('/demo');
    await chooseTickets(page, t, 'General', 1);
    const created = page.waitForResponse((response) => response.url().endsWith('/api/payments/new-purchase') && response.ok());
    await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
    const { purchase_id: purchaseId } = (await (await created).json()) as { purchase_id: string };
    await expect(page.getByRole('heading', { level: 1, name: t('checkout:products.title') })).toBeVisible();

    expireHold(purchaseId);
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/payments/update-productos-purchase'));
    await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
    const answer = await refused;
    expect(answer.status()).toBe(410);
    // The browser's own language is es-MX here: the storefront asks in the switch's language instead,
    // so even the server's mensaje (the fallback for codes the storefront cannot say) is English.
    expect(answer.request().headers()['accept-language']).toBe('en');
    expect(((await answer.json()) as { mensaje: string }).mensaje).toBe(catalogue('en').PURCHASE_EXPIRED);
    await expect(page.getByText(catalogue('en').PURCHASE_EXPIRED)).toBeVisible();
    await expect(page.getByText(catalogue('es').PURCHASE_EXPIRED)).toHaveCount(0);
    // The purchase is gone: back to the tickets.
    await expect(page).toHaveURL(/\/demo$/);
  });
});
