import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unpackPass, verifyPassSignature } from '../support/pkpass';
import { expect, expectAccessible, test } from './support/fixtures';
import { openHeldPaymentStep, openMethod, pdfPageCount, savedPdf } from './payments-helpers';

/** The unfolded properties of the one VEVENT of a calendar file. */
function veventOf(ics: string): Record<string, string> {
  const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  const inside = lines.slice(lines.indexOf('BEGIN:VEVENT') + 1, lines.indexOf('END:VEVENT'));
  return Object.fromEntries(inside.map((line) => [line.slice(0, line.indexOf(':')).split(';')[0], line.slice(line.indexOf(':') + 1)]));
}

test.describe('online wallet (PayPal, sandbox)', () => {
  test.describe.configure({ timeout: 60_000 });
  test('approve: the loader captures it once per load, then the thank-you page with the PDF, the wallet dialog and the calendar file', async ({ page, context, t }) => {
    // The loader's countdown runs on the page's clock, driven by the test: no real seconds waited.
    await page.clock.install();
    let loaderCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/payments/paypal/loader-process')) loaderCalls += 1;
    });
    await openHeldPaymentStep(page, t, { VIP: 2 });
    const panel = await openMethod(page, t, 'paypal');
    await panel.getByRole('button', { name: t('payments:methods.paypal.submit') }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Pagar con PayPal' })).toBeVisible();
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await expect(page).toHaveURL(/\/demo\/paypal\/loader\?token=[^&]+&PayerID=/);
    await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
    await page.reload();
    await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
    expect(loaderCalls).toBe(2);

    await page.clock.runFor(3000);
    await expect(page).toHaveURL(/\/demo\/payment-status$/, { timeout: 6000 });
    await expect(page.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible();
    const summary = page.getByRole('region', { name: t('checkout:summary.title') });
    await expect(summary.getByText(t('checkout:summary.line', { name: 'VIP', count: 2 }))).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: t('payments:status.download') }).click();
    const { text } = await savedPdf(await downloading, /^compra_[0-9a-f-]+\.pdf$/);
    expect(text).toContain('Festival Marea Sonora 2027');
    expect(pdfPageCount(text)).toBe(2);

    // Wallet passes (config.download_wallets): one row per ticket; Download opens its pass in a new tab.
    await page.getByRole('button', { name: t('payments:status.wallet') }).click();
    const dialog = page.getByRole('dialog', { name: t('payments:wallet.title') });
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    const first = dialog.getByRole('listitem').first();
    await expect(first).toContainText(/VIP · Folio \S+/);
    await expectAccessible(page, 'wallet dialog');
    const opened = context.waitForEvent('page');
    await first.getByRole('button', { name: /VIP/ }).click();
    const pass = await opened;
    await expect.poll(() => pass.url()).toMatch(/\/api\/wallet\/passes\/[0-9a-f-]+\/[A-Za-z0-9_-]{43}$/);
    await expect(pass.getByRole('heading', { level: 1, name: 'Tu boleto' })).toBeVisible();
    const downloadingPass = pass.waitForEvent('download');
    await pass.getByRole('link', { name: 'Agregar a Apple Wallet' }).click();
    const files = unpackPass(readFileSync((await (await downloadingPass).path())!));
    expect(JSON.parse(files.get('pass.json')!.toString('utf8')).eventTicket.primaryFields[0].value).toContain('Festival Marea Sonora 2027');
    const root = JSON.parse(readFileSync(join(process.env.E2E_WALLET_SANDBOX_DIR!, 'apple-pass-chain.json'), 'utf8')).rootCert;
    expect(verifyPassSignature(files.get('signature')!, files.get('manifest.json')!, root).ok).toBe(true);
    await pass.close();
    await dialog.getByRole('button', { name: t('payments:wallet.close') }).click();
    await expect(dialog).toBeHidden();

    // "Add to calendar" on the same thank-you page downloads the event's calendar file.
    const calendar = page.getByRole('link', { name: t('payments:status.calendar') });
    await expect(calendar).toBeVisible();
    const downloadingIcs = page.waitForEvent('download');
    await calendar.click();
    const ics = await downloadingIcs;
    expect(ics.suggestedFilename()).toBe('demo.ics');
    const icsText = readFileSync((await ics.path())!, 'utf8');
    expect(icsText.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(icsText).toContain('\r\nMETHOD:PUBLISH\r\n');
    const event = veventOf(icsText);
    expect(event.SUMMARY).toBe('Festival Marea Sonora 2027 · Parque Bicentenario\\, CDMX');
    // The demo starts 2027-03-13 at 13:00, Mexico City (-06:00).
    expect(event.DTSTART).toBe('20270313T190000Z');
    expect(event.LOCATION).toMatch(/^Parque Bicentenario\\, /);
    expect(event.URL).toMatch(/\/demo$/);
    await expectAccessible(page, 'thank-you page with the calendar link');
  });

  test('cancel: declined, stable on reload, and a way back to the methods (the order is still held)', async ({ page, t }) => {
    await openHeldPaymentStep(page, t);
    const panel = await openMethod(page, t, 'paypal');
    await panel.getByRole('button', { name: t('payments:methods.paypal.submit') }).click();
    await page.getByRole('button', { name: 'Cancelar y volver a la tienda' }).click();
    await expect(page).toHaveURL(/\/demo\/paypal\/loader\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: t('payments:loader.declinedTitle') })).toBeVisible();
    await expect(page.getByText(t('payments:loader.declinedText'))).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: t('payments:loader.declinedTitle') })).toBeVisible();
    // Hold the countdown still while axe reads the page (timers run, the time does not move).
    await page.clock.setFixedTime(Date.now());
    await expectAccessible(page, 'declined loader');

    await page.getByRole('link', { name: t('payments:loader.toMethods') }).click();
    await expect(page).toHaveURL(/\/demo\/payment-method$/);
    await expect(page.getByRole('heading', { level: 1, name: t('payments:page.title') })).toBeVisible();
    await expect(page.getByText(t('payments:page.previousFailed'))).toBeVisible();
    // After a failed payment the demo (Openpay on) offers only the second card provider.
    await expect(page.getByRole('button', { name: t('payments:methods.openpay.label') })).toBeVisible();
    await expect(page.getByRole('button', { name: t('payments:methods.paypal.label') })).toHaveCount(0);
    await expect(page.getByRole('timer', { name: t('timer.label') })).toBeVisible();
  });

  test('a failed start is only logged, no toast; the panel can be used again', async ({ page, t }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await openHeldPaymentStep(page, t);
    await page.route('**/api/payments/paypal/create-order', (route) => route.fulfill({ status: 502, json: { mensaje: 'x', code: 'PAYMENT_PROVIDER_ERROR' } }), { times: 1 });
    const panel = await openMethod(page, t, 'paypal');
    const pay = panel.getByRole('button', { name: t('payments:methods.paypal.submit') });
    await pay.click();
    await expect.poll(() => logged.some((line) => line.includes('Could not start the payment'))).toBe(true);
    await expect(pay).toBeEnabled();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveURL(/\/demo\/payment-method$/);
  });
});
