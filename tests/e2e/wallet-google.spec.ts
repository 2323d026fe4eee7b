import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures';
import { fillBuyer, openFreePaymentStep, openHeldPaymentStep, openMethod, savedPdf, uniqueBuyer, type T } from './payments-helpers';
import { pdfHasQrOf } from './support/pdf-qr';

test.describe.configure({ timeout: 90_000 });

/** A purchase of the demo paid with the PayPal sandbox, up to the thank-you page. */
async function paidThankYouPage(page: Page, t: T, tickets: Record<string, number>): Promise<void> {
  await page.clock.install();
  await openHeldPaymentStep(page, t, tickets);
  const panel = await openMethod(page, t, 'paypal');
  await panel.getByRole('button', { name: t('payments:methods.paypal.submit') }).click();
  await page.getByRole('button', { name: 'Aprobar pago' }).click();
  await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
  await page.clock.runFor(3000);
  await expect(page.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible({ timeout: 6000 });
}

/** The unfolded properties of the one VEVENT of a calendar file. */
function veventOf(ics: string): Record<string, string> {
  const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  const inside = lines.slice(lines.indexOf('BEGIN:VEVENT') + 1, lines.indexOf('END:VEVENT'));
  return Object.fromEntries(inside.map((line) => [line.slice(0, line.indexOf(':')).split(';')[0], line.slice(line.indexOf(':') + 1)]));
}

test('thank-you page: "Add to calendar" downloads the event\'s calendar file', async ({ page, t }) => {
  await paidThankYouPage(page, t, { VIP: 1 });
  const link = page.getByRole('link', { name: t('payments:status.calendar') });
  await expect(link).toBeVisible();
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('demo.ics');
  const ics = readFileSync(await download.path(), 'utf8');
  expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(ics).toContain('\r\nMETHOD:PUBLISH\r\n');
  const event = veventOf(ics);
  expect(event.SUMMARY).toBe('Festival Marea Sonora 2027 · Parque Bicentenario\\, CDMX');
  // The demo starts 2027-03-13 at 13:00, Mexico City (-06:00).
  expect(event.DTSTART).toBe('20270313T190000Z');
  expect(event.LOCATION).toMatch(/^Parque Bicentenario\\, /);
  expect(event.URL).toMatch(/\/demo$/);
  await expectAccessible(page, 'thank-you page with the calendar link');
});

test('pass page → "Add to Google Wallet" → the sandbox save page shows the pass with the QR secret of the PDF', async ({ page, context, t }) => {
  await openFreePaymentStep(page, t);
  const panel = await openMethod(page, t, 'free');
  await fillBuyer(panel, t, uniqueBuyer('google-wallet'));
  await panel.getByRole('button', { name: t('payments:methods.free.submit') }).click();
  await page.getByRole('link', { name: t('payments:loader.toStatus') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t('payments:status.download') }).click();
  const { path: pdf } = await savedPdf(await downloading, /^compra_[0-9a-f-]+\.pdf$/);

  await page.getByRole('button', { name: t('payments:status.wallet') }).click();
  const dialog = page.getByRole('dialog', { name: t('payments:wallet.title') });
  const first = dialog.getByRole('listitem').first();
  const folio = /Folio (\d{6})/.exec((await first.textContent()) ?? '')![1];
  const opened = context.waitForEvent('page');
  await first.getByRole('button', { name: t('payments:wallet.downloadOf', { name: 'Entrada libre', serial: folio }) }).click();
  const pass = await opened;
  const buttons = pass.getByRole('region', { name: 'Guárdalo en tu teléfono' });
  await expect(buttons.getByRole('link', { name: 'Agregar a Apple Wallet' })).toBeVisible();
  await expect(pass.getByRole('note')).toContainText('nada llega a Google');
  await expectAccessible(pass, 'pass page with both wallet buttons');

  await buttons.getByRole('link', { name: 'Agregar a Google Wallet' }).click();
  await expect(pass).toHaveURL(/\/sandbox\/google-wallet\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
  await expect(pass.getByRole('heading', { level: 1, name: 'Guardar en Google Wallet' })).toBeVisible();
  const shown = pass.getByRole('region', { name: 'Conversatorio: Música y comunidad · Centro Cultural, CDMX' });
  await expect(shown.getByText(folio, { exact: true })).toBeVisible();
  await expect(shown.getByRole('img', { name: 'Código QR del boleto' })).toBeVisible();
  await expectAccessible(pass, 'Google Wallet sandbox save page');

  // The QR the pass would carry is the one printed on the PDF: one format at the gate.
  const secret = (await shown.locator('dt', { hasText: 'Código del QR' }).locator('xpath=following-sibling::dd[1]').textContent())!;
  expect(secret).toMatch(/^[\w-]{20,}$/);
  expect(pdfHasQrOf(pdf, secret)).toBe(true);

  // A link whose payload was changed is refused.
  const url = new URL(pass.url());
  const [header, , signature] = url.pathname.split('/').pop()!.split('.');
  const forged = Buffer.from(JSON.stringify({ iss: 'x', aud: 'google', typ: 'savetowallet', payload: {} })).toString('base64url');
  const refused = await pass.goto(`/sandbox/google-wallet/save/${header}.${forged}.${signature}`);
  expect(refused?.status()).toBe(400);
  await expect(pass.getByRole('heading', { level: 1, name: 'No se puede guardar este pase' })).toBeVisible();
});
