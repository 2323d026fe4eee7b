import type { FrameLocator, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures';
import { buyerField, emailsTo, openHeldPaymentStep, openMethod, uniqueBuyer, type Buyer, type T } from './payments-helpers';

const CARDS = { approved: '4111111111111111', declined: '4222222222222220', threeDs: '4000000000003220' } as const;

/**
 * Openpay is the demo's fallback card provider: the list offers it (alone) after a failed
 * payment. The failure here is a cancelled PayPal approval, then back to the methods.
 */
async function openOpenpayAfterFailure(page: Page, t: T): Promise<Locator> {
  const paypal = await openMethod(page, t, 'paypal');
  await paypal.getByRole('button', { name: t('payments:methods.paypal.submit') }).click();
  await page.getByRole('button', { name: 'Cancelar y volver a la tienda' }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('payments:loader.declinedTitle') })).toBeVisible();
  await page.getByRole('link', { name: t('payments:loader.toMethods') }).click();
  await expect(page).toHaveURL(/\/demo\/payment-method$/);
  await expect(page.getByRole('button', { name: t('payments:methods.paypal.label') })).toHaveCount(0);
  const panel = await openMethod(page, t, 'openpay');
  // Openpay's scripts load when the panel opens; the card frame mounts 200 ms later.
  await expect(cardFrame(panel, t).getByLabel(t('forms:fields.cardNumber'))).toBeVisible();
  await expect(payButton(panel, t)).toBeEnabled();
  return panel;
}

const cardFrame = (panel: Locator, t: T): FrameLocator => panel.frameLocator(`iframe[title="${t('payments:methods.openpay.frameTitle')}"]`);
const payButton = (panel: Locator, t: T) => panel.getByRole('button', { name: t('payments:methods.openpay.submit') });
const deviceSession = (page: Page) => page.evaluate(() => window.localStorage.getItem('openpay_device_session_id'));

/** The card goes into the frame (number, expiry, code); the holder and e-mail into our form. */
async function fillCard(panel: Locator, t: T, number: string, buyer: Buyer): Promise<void> {
  const frame = cardFrame(panel, t);
  await frame.getByLabel(t('forms:fields.cardNumber')).pressSequentially(number);
  await expect(frame.getByLabel(t('forms:fields.cardNumber'))).toHaveValue(number.replace(/(\d{4})(?=\d)/g, '$1 '));
  await frame.getByLabel(t('forms:fields.expireMonth')).fill('12');
  await frame.getByLabel(t('forms:fields.expireYear')).fill('35');
  await frame.getByLabel(t('forms:fields.securityCode')).fill('123');
  await panel.getByRole('textbox', { name: new RegExp(`^${t('forms:fields.cardholderName')}`) }).fill(buyer.name.slice(0, 19));
  await buyerField(panel, t, 'email').fill(buyer.email);
  await buyerField(panel, t, 'emailConfirm').fill(buyer.email);
}

test.describe('second card provider (Openpay, sandbox)', () => {
  // Each test first fails a PayPal approval (Openpay is offered only after a failed payment).
  // The provider's own answers (approved, declined and insufficient funds with their 402, 3-D Secure
  // authenticated and failed, the tokenizer's errors, the charge's device session) are
  // tests/api/payments/openpay.test.ts; here the buyer's journey through the card frame.
  test.slow();
  test('3-D Secure card → the bank page → tickets; only the token and the device session id leave the page, the id kept across reloads', async ({ page, t }) => {
    // The loader's countdown runs on the page's clock, driven by the test: no real seconds waited.
    await page.clock.install();
    // Openpay's scripts and the card frame run under the store's CSP without a violation.
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (load|execute|evaluate|apply|connect|frame)/i.test(message.text())) violations.push(message.text());
    });
    await openHeldPaymentStep(page, t);
    await openOpenpayAfterFailure(page, t);
    const device = await deviceSession(page);
    expect(device).toMatch(/^[0-9a-f]{32}$/);
    // A reload forgets the error flag (in memory) but not the device: the second visit reuses the id.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: t('payments:page.title') })).toBeVisible();
    const panel = await openOpenpayAfterFailure(page, t);
    expect(await deviceSession(page)).toBe(device);

    await expectAccessible(page, 'payment method, Openpay panel');
    const buyer = uniqueBuyer('openpay-3ds');
    await fillCard(panel, t, CARDS.threeDs, buyer);
    const paying = page.waitForRequest((request) => request.url().endsWith('/api/payments/open-pay/process-payment'));
    await payButton(panel, t).click();
    const body = (await paying).postDataJSON();
    expect(body).toMatchObject({ device_session_id: device, buyer_info: { email: buyer.email } });
    expect(Object.keys(body).sort()).toEqual(['buyer_info', 'device_session_id', 'lang', 'purchase_id', 'token']);
    expect(JSON.stringify(body)).not.toContain(CARDS.threeDs);
    expect(violations).toEqual([]);

    await expect(page).toHaveURL(/\/sandbox\/openpay\/3ds\/\w+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Autenticación 3-D Secure' })).toBeVisible();
    await expectAccessible(page, 'Openpay sandbox 3-D Secure page');
    await page.getByRole('button', { name: 'Autenticar' }).click();
    await expect(page).toHaveURL(/\/demo\/open-pay\/loader\?payment_id=[\w-]+&id=\w+$/);
    await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
    // The loader's countdown takes the buyer to the purchase.
    await page.clock.runFor(3000);
    await expect(page).toHaveURL(/\/demo\/payment-status$/);
    await expect(page.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible();
    await expect.poll(() => emailsTo(buyer.email).length, { timeout: 15_000 }).toBe(1);
  });

  test("a card the tokenizer refuses, then a declined card: each error as a toast, nothing charged for the first; the list still shows only Openpay and the buyer may retry", async ({ page, t }) => {
    const charged: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/process-payment')) charged.push(request.url());
    });
    await openHeldPaymentStep(page, t);
    const panel = await openOpenpayAfterFailure(page, t);
    await fillCard(panel, t, '4111111111111112', uniqueBuyer('openpay-luhn'));
    await payButton(panel, t).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The card number verification digit is invalid' })).toBeVisible();
    await expect(cardFrame(panel, t).getByLabel(t('forms:fields.cardNumber'))).toHaveAttribute('aria-invalid', 'true');
    expect(charged).toEqual([]);

    await cardFrame(panel, t).getByLabel(t('forms:fields.cardNumber')).clear();
    await fillCard(panel, t, CARDS.declined, uniqueBuyer('openpay-declined'));
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/payments/open-pay/process-payment'));
    await payButton(panel, t).click();
    const response = await answer;
    expect(response.status()).toBe(402);
    const { error_message: message } = (await response.json()) as { error_message: string };
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(page).toHaveURL(/\/demo\/payment-method$/);
    await expect(page.getByRole('button', { name: t('payments:methods.openpay.label') })).toBeVisible();
    await expect(page.getByRole('button', { name: t('payments:methods.paypal.label') })).toHaveCount(0);
    await expect(payButton(panel, t)).toBeEnabled();
  });

  test('the open-pay loader with an unknown payment: the server\'s mensaje as a toast and the error view with a way back', async ({ page, t }) => {
    await page.goto('/demo/open-pay/loader?payment_id=trunknown0000000000');
    await expect(page.getByRole('heading', { level: 1, name: t('payments:loader.errorTitle') })).toBeVisible();
    await expect(page.getByText(t('api-errors:PAYMENT_NOT_FOUND'))).toBeVisible();
    await expect(page.getByRole('link', { name: t('payments:loader.toMethods') })).toHaveAttribute('href', '/demo/payment-method');
  });
});
