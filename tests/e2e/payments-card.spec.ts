import type { Locator, Page } from '@playwright/test';
import { changeDemoEvent, expect, expectAccessible, test } from './support/fixtures';
import { buyerField, emailsTo, openHeldPaymentStep, openMethod, savedPdf, uniqueBuyer, type Buyer, type T } from './payments-helpers';

const VISA = '4075595716483764';

/** One of the provider's secure fields (an iframe the page cannot read), by its label. */
function secureField(panel: Locator, t: T, field: 'cardNumber' | 'cardExpiry' | 'securityCode'): Locator {
  return panel.frameLocator(`[data-secure-field] iframe[title="${t(`forms:fields.${field}`)}"]`).getByLabel(t(`forms:fields.${field}`));
}

/** Types the card into the secure fields and the holder and buyer into our own. */
async function fillCard(panel: Locator, t: T, holder: string, buyer: Buyer, number = VISA): Promise<void> {
  await secureField(panel, t, 'cardNumber').pressSequentially(number);
  await secureField(panel, t, 'cardExpiry').pressSequentially('1130');
  await secureField(panel, t, 'securityCode').pressSequentially('123');
  await panel.getByRole('textbox', { name: new RegExp(`^${t('forms:fields.cardholderName')}`) }).fill(holder);
  await buyerField(panel, t, 'email').fill(buyer.email);
  await buyerField(panel, t, 'emailConfirm').fill(buyer.email);
  await buyerField(panel, t, 'phone').fill(buyer.phone);
}

async function openCardPanel(page: Page, t: T): Promise<Locator> {
  const panel = await openMethod(page, t, 'card');
  // The provider's script loads when the panel opens; its fields then appear.
  await expect(secureField(panel, t, 'cardNumber')).toBeVisible();
  return panel;
}

const payButton = (panel: Locator, t: T) => panel.getByRole('button', { name: t('payments:methods.card.submit') });

test.describe('new card (MercadoPago, sandbox)', () => {
  test('APRO: approved → thank-you page with the tickets and the e-mail', async ({ page, t }) => {
    await page.clock.install();
    await openHeldPaymentStep(page, t);
    const panel = await openCardPanel(page, t);
    const buyer = uniqueBuyer('card-apro');
    await fillCard(panel, t, 'APRO', buyer);
    // Paying accepts the terms and the privacy notice, both linked in the panel.
    await expect(panel.getByRole('link', { name: new RegExp(t('common:footer.terms'), 'i') })).toBeVisible();
    await expectAccessible(page, 'payment method, new-card panel');
    const paying = page.waitForRequest((request) => request.url().endsWith('/api/payments/mercadopago/process-payment'));
    await payButton(panel, t).click();
    const body = (await paying).postDataJSON();
    expect(body).toMatchObject({ installments: 1, paymentMethodId: 'visa', email: buyer.email, buyer_info: { name: 'APRO', phone: buyer.phone } });
    // Only a token travels: no card number in the request.
    expect(JSON.stringify(body)).not.toContain(VISA);

    await expect(page).toHaveURL(/\/demo\/mp\/loader\?payment_id=\d+/);
    await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
    await page.clock.runFor(3000);
    await expect(page).toHaveURL(/\/demo\/payment-status$/, { timeout: 6000 });
    await expect(page.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: t('payments:status.download') }).click();
    const { text } = await savedPdf(await downloading, /^compra_[0-9a-f-]+\.pdf$/);
    expect(text).toContain('VIP');
    await expect.poll(() => emailsTo(buyer.email).length, { timeout: 15_000 }).toBe(1);
  });

  // A declined payment exists at the provider: the loader's rejected view, the link back, and the error flag on the payment page.
  // The provider's other refusals (OTHE, SECU: 402 and their status_detail) are tests/api/payments/mercadopago-cards.test.ts;
  // which reason the loader keeps is tests/unit/client/payments/loader.test.ts; the general sentence shows on PayPal's cancel.
  test("FUND: declined → the loader's rejected view with the reason, back to the methods with the previous-failed warning", async ({ page, t }) => {
    await page.clock.install();
    await openHeldPaymentStep(page, t);
    const panel = await openCardPanel(page, t);
    await fillCard(panel, t, 'FUND', uniqueBuyer('card-fund'));
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/payments/mercadopago/process-payment'));
    await payButton(panel, t).click();
    const declined = await answer;
    expect(declined.status()).toBe(402);
    const { payment_id } = await declined.json();
    await expect(page).toHaveURL(new RegExp(`/demo/mp/loader\\?payment_id=${payment_id}$`));
    await expect(page.getByRole('heading', { level: 1, name: t('payments:loader.declinedTitle') })).toBeVisible();
    // Why, when the buyer can act on it (funds, security code); the general sentence otherwise.
    await expect(page.getByRole('alert')).toHaveText(t('payments:loader.declinedReasons.insufficient_amount'));
    // The rejected view also goes back by itself after a countdown: hold the time still until the buyer's click.
    await page.clock.setFixedTime(Date.now());
    await expectAccessible(page, 'card loader, rejected view');
    await page.getByRole('link', { name: t('payments:loader.toMethods') }).click();
    await expect(page).toHaveURL(/\/demo\/payment-method$/);
    await expect(page.getByText(t('payments:page.previousFailed'))).toBeVisible();
  });

  test('a payment that never reached the provider (network down): the error dialog, whose button returns to the new-card form', async ({ page, t }) => {
    await openHeldPaymentStep(page, t);
    const panel = await openCardPanel(page, t);
    await fillCard(panel, t, 'APRO', uniqueBuyer('card-offline'));
    // The connection drops on the way to our server: no payment exists to show a loader for.
    await page.route('**/api/payments/mercadopago/process-payment', (route) => route.abort('internetdisconnected'));
    await payButton(panel, t).click();
    const dialog = page.getByRole('dialog', { name: t('payments:errors.transactionFailed') });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(t('payments:methods.card.errorDialog.text'));
    await expectAccessible(page, 'card panel, error dialog');
    await dialog.getByRole('button', { name: t('payments:methods.card.errorDialog.back') }).click();
    await expect(dialog).toBeHidden();
    await page.unroute('**/api/payments/mercadopago/process-payment');
    await expect(page).toHaveURL(/\/demo\/payment-method$/);
    await expect(secureField(panel, t, 'cardNumber')).toBeVisible();
    await expect(payButton(panel, t)).toBeEnabled();
  });

  test('a BIN outside the allowed list: the message, and no payment is asked for', async ({ page, t }) => {
    // This event allows Mastercard's test BIN only (the server checks it again before charging: tests/api).
    await changeDemoEvent(page, (json) => {
      json.event.config.bines_permitidos = [{ bin: '547492' }];
    });
    const paid: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/process-payment')) paid.push(request.url());
    });
    await openHeldPaymentStep(page, t);
    const panel = await openCardPanel(page, t);
    await fillCard(panel, t, 'APRO', uniqueBuyer('card-bin'));
    await payButton(panel, t).click();
    await expect(panel.getByRole('alert')).toHaveText(t('errors:walletCard.binNotAllowed'));
    expect(paid).toEqual([]);
  });

  test("keyboard only: the new-card form from the card number to the pay button; the security code's help opens its tooltip", async ({ page, t }) => {
    await openHeldPaymentStep(page, t);
    const panel = await openCardPanel(page, t);
    await panel.getByRole('button', { name: t('forms:cvv.help') }).hover();
    await expect(page.getByRole('tooltip')).toHaveText(t('forms:cvv.tooltip'));
    const buyer = uniqueBuyer('card-keys');
    await secureField(panel, t, 'cardNumber').focus();
    await page.keyboard.type(VISA);
    await page.keyboard.press('Tab');
    await page.keyboard.type('APRO');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1130');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    // The security code's help button comes next.
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: t('forms:cvv.help') })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type(buyer.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(buyer.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(buyer.phone);
    await expect(secureField(panel, t, 'securityCode')).toHaveValue('123');
    await expect(buyerField(panel, t, 'phone')).toHaveValue(/5512345678|55 1234 5678|55-1234-5678/);
    await page.keyboard.press('Tab');
    await expect(payButton(panel, t)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/demo\/mp\/loader\?payment_id=\d+/);
  });
});

test.describe('3-D Secure challenge (MercadoPago, sandbox card 4000 0000 0000 3220)', () => {
  const CHALLENGE_CARD = '4000000000003220';
  const challengeFrame = (page: Page, t: T) => page.getByRole('dialog', { name: t('payments:threeDs.title') }).frameLocator(`iframe[title="${t('payments:threeDs.frameLabel')}"]`);

  test('the issuer asks: the buyer authenticates in the dialog → approved on the card loader', async ({ page, t }) => {
    await openHeldPaymentStep(page, t);
    const panel = await openCardPanel(page, t);
    await fillCard(panel, t, 'APRO', uniqueBuyer('card-3ds'), CHALLENGE_CARD);
    await payButton(panel, t).click();
    const authenticate = challengeFrame(page, t).getByRole('button', { name: 'Autenticar', exact: true });
    await expect(authenticate).toBeVisible();
    await expectAccessible(page, 'payment method, 3-D Secure dialog');
    // Nothing is decided until the buyer answers the issuer.
    await expect(page).toHaveURL(/\/demo\/payment-method$/);
    await authenticate.click();
    await expect(page).toHaveURL(/\/demo\/mp\/loader\?payment_id=\d+/);
    await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
  });
});
