import { expect, test } from './support/fixtures';
import { fillBuyer, openHeldPaymentStep, openMethod, uniqueBuyer } from './payments-helpers';

test.describe('bank transfer (Fintoc, sandbox)', () => {
  test.describe.configure({ timeout: 60_000 });

  test('approved in the bank widget: the loader (once per load), then the thank-you page', async ({ page, t }) => {
    // The loader's countdown runs on the page's clock, driven by the test: no real seconds waited.
    await page.clock.install();
    let loaderCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/payments/fintoc/loader-process')) loaderCalls += 1;
    });
    await openHeldPaymentStep(page, t);
    const panel = await openMethod(page, t, 'bankTransfer');
    const buyer = uniqueBuyer('fintoc');
    await fillBuyer(panel, t, buyer);
    await panel.getByRole('button', { name: t('payments:methods.bankTransfer.submit') }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Paga desde tu banco' })).toBeVisible();
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await expect(page).toHaveURL(/\/demo\/fintoc\/loader\?purchase_id=[0-9a-f-]+$/);
    await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
    await page.reload();
    await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
    expect(loaderCalls).toBe(2);
    await page.clock.runFor(3000);
    await expect(page).toHaveURL(/\/demo\/payment-status$/, { timeout: 6000 });
    await expect(page.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible();
    await expect(page.getByText(t('payments:status.successText', { email: buyer.email }))).toBeVisible();
    await expect(page.getByRole('button', { name: t('payments:status.download') })).toBeVisible();
  });

  test('declined by the bank: the reason, then back to the methods by the countdown, where the buyer may try again', async ({ page, t }) => {
    // The loader's countdown runs on the page's clock, driven by the test: no real seconds waited.
    await page.clock.install();
    await openHeldPaymentStep(page, t);
    const panel = await openMethod(page, t, 'bankTransfer');
    await fillBuyer(panel, t, uniqueBuyer('fintoc-fail'));
    await panel.getByRole('button', { name: t('payments:methods.bankTransfer.submit') }).click();
    await page.getByRole('button', { name: 'Simular pago rechazado' }).click();

    await expect(page).toHaveURL(/\/demo\/fintoc\/loader\?purchase_id=/);
    await expect(page.getByRole('heading', { level: 1, name: t('payments:loader.declinedTitle') })).toBeVisible();
    await expect(page.getByRole('timer')).toBeVisible();
    await page.clock.runFor(6000);
    await expect(page).toHaveURL(/\/demo\/payment-method$/, { timeout: 10_000 });
    await expect(page.getByText(t('payments:page.previousFailed'))).toBeVisible();
    // After a failed payment the demo (Openpay on) offers only the second card provider.
    await expect(page.getByRole('button', { name: t('payments:methods.bankTransfer.label') })).toHaveCount(0);
    await expect(page.getByRole('button', { name: t('payments:methods.openpay.label') })).toBeVisible();
  });
});
