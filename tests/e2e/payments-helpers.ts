import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Download, Locator, Page } from '@playwright/test';
import { expect, holdPurchase } from './support/fixtures';

/** Shared steps of the payments-*.spec.ts files (not a spec itself). */

export type T = (key: string, vars?: Record<string, string | number>) => string;

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** /demo-free: two free tickets, their attendee blocks, then the payment step. */
export async function openFreePaymentStep(page: Page, t: T): Promise<void> {
  await page.goto('/demo-free');
  await page.getByRole('combobox', { name: `${t('checkout:tickets.quantity')} ${t('checkout:tickets.quantityOf', { name: 'Entrada libre' })}` }).selectOption('2');
  await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
  await expect(page).toHaveURL(/\/demo-free\/form$/);
  for (const index of [1, 2]) {
    const attendee = page.getByRole('group', { name: t('checkout:form.block', { name: 'Entrada libre', index, count: 2 }), exact: true });
    await attendee.getByLabel('Nombre completo', { exact: false }).fill(`Asistente ${index}`);
    await attendee.getByLabel('Correo electrónico', { exact: false }).fill(`asistente${index}@example.mx`);
  }
  await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
  await expect(page).toHaveURL(/\/demo-free\/payment-method$/);
}

export interface Buyer {
  name: string;
  email: string;
  phone: string;
}

/** A buyer with an e-mail address no other test uses (the outbox is shared by the run). */
export function uniqueBuyer(tag: string): Buyer {
  const id = `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  return { name: 'Ana López', email: `${id}@example.mx`, phone: '5512345678' };
}

/**
 * The payment method step of a purchase held through the API (no click-through): every provider's
 * journey starts here; the walk through the ticket, products and form pages is flow.spec.ts's.
 */
export async function openHeldPaymentStep(page: Page, t: T, tickets: Record<string, number> = { VIP: 1 }): Promise<void> {
  await holdPurchase(page, tickets, '/demo/payment-method');
  // A cold load of the whole storefront and the payment page's lazy chunks, unlike the walk's
  // in-app navigation: with four workers on two cores, two CI runs saw the browser's thread busy
  // for seconds between its requests (the server answered in milliseconds) and passed 10 s.
  await expect(page.getByRole('heading', { level: 1, name: t('payments:page.title') })).toBeVisible({ timeout: 30_000 });
}

/** Opens the accordion panel of a method (by its visible label) and returns its region. */
export async function openMethod(page: Page, t: T, method: string): Promise<Locator> {
  const summary = page.getByRole('button', { name: t(`payments:methods.${method}.label`) });
  if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.click();
  const region = page.getByRole('region', { name: t(`payments:methods.${method}.label`) });
  await expect(region).toBeVisible();
  return region;
}

/** A field of the buyer form, by the start of its label (the label may carry a required mark). */
export function buyerField(scope: Locator, t: T, field: 'name' | 'email' | 'emailConfirm' | 'phone'): Locator {
  return scope.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(t(`forms:fields.${field}`))}`) });
}

/** Types the buyer's details into a buyer panel. */
export async function fillBuyer(scope: Locator, t: T, buyer: Buyer): Promise<void> {
  await buyerField(scope, t, 'name').fill(buyer.name);
  await buyerField(scope, t, 'email').fill(buyer.email);
  await buyerField(scope, t, 'emailConfirm').fill(buyer.email);
  await buyerField(scope, t, 'phone').fill(buyer.phone);
}

/** The text of a PDF, one form feed between pages (poppler's pdftotext). */
export function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

/** Page count of a PDF as pdftotext sees it. */
export function pdfPageCount(text: string): number {
  return text.split('\f').filter((page) => page.trim().length > 0).length;
}

/** Saves a Playwright download and checks it is a PDF file; returns its path and text. */
export async function savedPdf(download: Download, expectedName: RegExp): Promise<{ path: string; text: string }> {
  expect(download.suggestedFilename()).toMatch(expectedName);
  const path = await download.path();
  expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { path, text: pdfText(path) };
}

/** The .eml files the server wrote for `email` (MAIL_OUTBOX_DIR of the e2e server). */
export function emailsTo(email: string): string[] {
  const dir = process.env.E2E_MAIL_OUTBOX_DIR;
  if (!dir || !existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .filter((message) => new RegExp(`^To: .*${escapeRegExp(email)}`, 'mi').test(message));
}

/** The decoded text/plain body of an .eml written by nodemailer (quoted-printable). */
export function emailText(eml: string): string {
  // A message of one text part (no attachment) is its whole body after the headers.
  const [head, ...rest] = eml.split(/\r?\n\r?\n/);
  const single = !/multipart\//i.test(head) && /quoted-printable/i.test(head) ? rest.join('\n\n') : undefined;
  const part = single ?? /Content-Type:\s*text\/plain[^\n]*\r?\nContent-Transfer-Encoding:\s*quoted-printable\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(eml)?.[1] ?? '';
  return part
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/gi, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
}
