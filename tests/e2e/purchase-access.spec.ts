import { expect, test } from './support/fixtures';
import { emailsTo, emailText, fillBuyer, openHeldPaymentStep, openMethod, savedPdf, uniqueBuyer } from './payments-helpers';

test.describe.configure({ timeout: 60_000 });

test('the e-mail\'s link opens the thank-you page with the tickets in another browser; the purchase number alone opens nothing', async ({ page, browser, t }) => {
  // The loader's countdown runs on the page's clock, driven by the test: no real seconds waited.
  await page.clock.install();
  await openHeldPaymentStep(page, t);
  const panel = await openMethod(page, t, 'bankTransfer');
  const buyer = uniqueBuyer('access');
  await fillBuyer(panel, t, buyer);
  await panel.getByRole('button', { name: t('payments:methods.bankTransfer.submit') }).click();
  await page.getByRole('button', { name: 'Aprobar pago' }).click();
  await expect(page).toHaveURL(/\/demo\/fintoc\/loader\?purchase_id=[0-9a-f-]+$/);
  const purchaseId = new URL(page.url()).searchParams.get('purchase_id')!;
  await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
  await page.clock.runFor(3000);
  await expect(page).toHaveURL(/\/demo\/payment-status$/, { timeout: 10_000 });
  // The support reference the page shows is the purchase number.
  await expect(page.getByText(t('payments:status.reference', { id: purchaseId }))).toBeVisible();

  await expect.poll(() => emailsTo(buyer.email).length, { timeout: 15_000 }).toBe(1);
  const mail = emailText(emailsTo(buyer.email)[0]);
  expect(mail).toContain(`Número de compra: ${purchaseId}`);
  // The e-mail opens the order page (order-page.spec.ts); the thank-you page still opens with the same fragment.
  const link = /(https?:\/\/\S+\/demo\/order#purchase_id=[0-9a-f-]+&key=[A-Za-z0-9_-]+)/.exec(mail)?.[1]?.replace('/demo/order#', '/demo/payment-status#');
  expect(link).toBeDefined();

  // Another device: no storage, no cookies, only the e-mail.
  const other = await browser.newContext({ locale: 'es-MX', acceptDownloads: true });
  try {
    const phone = await other.newPage();
    // The purchase number by itself: the status, nothing about the buyer or the tickets.
    const bare = await phone.request.get(new URL(`/api/payments/purchase/${purchaseId}`, link).toString());
    expect(await bare.json()).toEqual({ status: 'paid' });
    await phone.goto(new URL('/demo/payment-status', link).toString());
    await expect(phone).toHaveURL(/\/demo$/);

    await phone.goto(link!);
    await expect(phone.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible();
    await expect(phone.getByText(t('payments:status.successText', { email: buyer.email }))).toBeVisible();
    await expect(phone.getByText(t('payments:status.reference', { id: purchaseId }))).toBeVisible();
    // The key left the address bar (history, bookmarks and shared links do not carry it).
    expect(new URL(phone.url()).hash).toBe('');
    expect(phone.url()).not.toContain('key=');

    const downloading = phone.waitForEvent('download');
    await phone.getByRole('button', { name: t('payments:status.download') }).click();
    const { text } = await savedPdf(await downloading, new RegExp(`^compra_${purchaseId}\\.pdf$`));
    expect(text).toContain('Marea Sonora');

    // A refresh still shows the tickets: the key was kept like a purchase made in this tab.
    await phone.reload();
    await expect(phone.getByRole('button', { name: t('payments:status.download') })).toBeVisible();
  } finally {
    await other.close();
  }
});
