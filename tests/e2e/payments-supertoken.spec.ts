import type { Locator, Page } from '@playwright/test';
import { changeDemoEvent, expect, expectAccessible, test } from './support/fixtures';
import { emailsTo, escapeRegExp, openHeldPaymentStep, openMethod, type T } from './payments-helpers';

/** The authenticator starts this long after the last change of a valid e-mail. */
const AUTHENTICATOR_DELAY_MS = 500;
const MASTER = 'pst_3b8e6d0f2a9c4e21b2';

/**
 * The sandbox's test customer under a `+tag` of its address: the same saved methods; the tag
 * picks the payment's outcome (`+othe` rejected; any other tag approved) and keeps each
 * test's e-mails apart in the shared outbox.
 */
const customer = (tag: string) => `test_user_mx+${tag}@testuser.com`;
const uniqueTag = (name: string) => `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

const emailField = (panel: Locator, t: T) => panel.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(t('forms:fields.email'))}`) });
const payButton = (panel: Locator, t: T) => panel.getByRole('button', { name: t('payments:methods.superToken.submit') });
/** The sandbox's stand-in for MercadoPago's authentication sheet (its own texts, Spanish). */
const authDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirma tu cuenta de Mercado Pago' });

/** Types the account's e-mail; after the wait the sandbox asks the buyer to confirm the account. */
async function authenticate(page: Page, panel: Locator, t: T, email: string): Promise<void> {
  await emailField(panel, t).fill(email);
  await page.clock.runFor(AUTHENTICATOR_DELAY_MS);
}

async function confirmAccount(page: Page): Promise<void> {
  await expect(authDialog(page)).toBeVisible();
  await authDialog(page).getByRole('button', { name: 'Confirmar' }).click();
}

test.describe('super token (MercadoPago fast payments, sandbox)', () => {
  test('approved: the account\'s saved card → thank-you page and the e-mail', async ({ page, t }) => {
    await page.clock.install();
    await openHeldPaymentStep(page, t);
    const panel = await openMethod(page, t, 'superToken');
    const email = customer(uniqueTag('apro'));
    // An address outside the allowed endings never starts the authenticator.
    await emailField(panel, t).fill('test_user_mx@testuser.co');
    await page.clock.runFor(AUTHENTICATOR_DELAY_MS * 2);
    await expect(authDialog(page)).toHaveCount(0);

    await authenticate(page, panel, t, email);
    // The page hides the user confirmation; the authentication itself still asks the buyer.
    await expect(authDialog(page).getByText('¿Es tu cuenta?')).toHaveCount(0);
    // The authenticator gets the purchase's total with two decimals.
    await expect(authDialog(page)).toContainText(/Paga \$\d+\.\d{2} MXN/);
    await confirmAccount(page);
    const radios = panel.getByRole('radiogroup', { name: t('payments:methods.superToken.methodsLabel') }).getByRole('radio');
    await expect(radios).toHaveCount(3);
    await expect(panel.getByRole('img', { name: 'Mastercard' })).toHaveCount(1);
    await panel.getByRole('radio', { name: /0366/ }).check();
    await expectAccessible(page, 'payment method, super-token panel with the account\'s methods');

    const ordering = page.waitForRequest((request) => request.url().endsWith('/api/payments/mercadopago-supertoken/create-order'));
    await payButton(panel, t).click();
    expect((await ordering).postDataJSON()).toMatchObject({ id: MASTER, type: 'credit_card', email, token: expect.any(String) });
    await expect(page).toHaveURL(/\/demo\/mp-supertoken\/loader\?payment_id=\d+/);
    await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
    await page.clock.runFor(3000);
    await expect(page).toHaveURL(/\/demo\/payment-status$/);
    await expect(page.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible();
    await expect.poll(() => emailsTo(email).length, { timeout: 15_000 }).toBe(1);
  });

  test('an e-mail the authenticator cannot take (+fail) → plain card entry', async ({ page, t }) => {
    await page.clock.install();
    await openHeldPaymentStep(page, t);
    const panel = await openMethod(page, t, 'superToken');
    await authenticate(page, panel, t, customer('fail'));
    await expect(panel.getByText(t('payments:methods.superToken.cardFallback'))).toBeVisible();
    // The new-card panel's own form, with the provider's secure fields.
    const cardNumber = t('forms:fields.cardNumber');
    await expect(panel.frameLocator(`[data-secure-field] iframe[title="${cardNumber}"]`).getByLabel(cardNumber)).toBeVisible();
    await expect(panel.getByRole('button', { name: t('payments:methods.card.submit') })).toBeVisible();
    await expect(authDialog(page)).toHaveCount(0);
    await expectAccessible(page, 'payment method, super-token panel in plain card mode');
  });

  test('an order the provider rejects → the error screen: retry, another e-mail, another card', async ({ page, t }) => {
    await page.clock.install();
    // Without Openpay: with it on, the failure's error flag leaves Openpay as the only method (the list rule).
    await changeDemoEvent(page, (json) => {
      json.event.config.metodo_pago_open_pay = false;
    });
    await openHeldPaymentStep(page, t);
    const panel = await openMethod(page, t, 'superToken');
    await authenticate(page, panel, t, customer('othe'));
    await confirmAccount(page);
    await panel.getByRole('radio', { name: /3764/ }).check();
    await payButton(panel, t).click();

    const failure = panel.getByRole('alert').filter({ hasText: t('payments:methods.superToken.failedTitle') });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText(t('payments:methods.superToken.failedText'));
    await expect(page).toHaveURL(/\/demo\/payment-method$/);
    await expectAccessible(page, 'payment method, super-token error screen');

    // Retry: the account is confirmed again (a fast-payment token pays once) and the methods come back.
    await failure.getByRole('button', { name: t('payments:methods.superToken.retry') }).click();
    await confirmAccount(page);
    await expect(panel.getByRole('radio', { name: /3764/ })).toBeVisible();
    await payButton(panel, t).click();
    await expect(failure).toBeVisible();

    // Another e-mail: the field is empty again and has the focus.
    await failure.getByRole('button', { name: t('payments:methods.superToken.otherEmail') }).click();
    await expect(emailField(panel, t)).toHaveValue('');
    await expect(emailField(panel, t)).toBeFocused();
    await authenticate(page, panel, t, customer('othe'));
    await confirmAccount(page);
    await payButton(panel, t).click();

    // Another card: the new-card form.
    await failure.getByRole('button', { name: t('payments:methods.superToken.otherCard') }).click();
    await expect(panel.getByRole('button', { name: t('payments:methods.card.submit') })).toBeVisible();
  });

  test('keyboard only: the e-mail, the account\'s confirmation, a method and the pay button', async ({ page, t }) => {
    await page.clock.install();
    await openHeldPaymentStep(page, t);
    const panel = await openMethod(page, t, 'superToken');
    const email = customer(uniqueTag('keys'));
    // The panel's form loads on opening: Tab from the panel's heading once its field is there.
    await expect(emailField(panel, t)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(emailField(panel, t)).toBeFocused();
    await page.keyboard.type(email);
    await page.clock.runFor(AUTHENTICATOR_DELAY_MS);
    await expect(authDialog(page)).toBeVisible();
    // The sandbox's dialog takes the focus on its confirm button.
    await page.keyboard.press('Enter');
    const first = panel.getByRole('radio', { name: /3764/ });
    await expect(first).toBeChecked();
    await expect(first).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(panel.getByRole('radio', { name: /0366/ })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(payButton(panel, t)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/demo\/mp-supertoken\/loader\?payment_id=\d+/);
  });
});
