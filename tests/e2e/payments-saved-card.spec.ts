import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures';
import { buyerField, openHeldPaymentStep, openMethod, type T } from './payments-helpers';

/** The sandbox's test customer: a saved Visa 3764 (code mandatory), a saved Mastercard 0366 (code not required) and account money. */
const TEST_CUSTOMER = 'test_user_mx@testuser.com';

async function openCardPanel(page: Page, t: T): Promise<Locator> {
  const panel = await openMethod(page, t, 'card');
  // The provider's script has loaded once its new-card fields are there.
  await expect(panel.locator('[data-secure-field="cardNumber"] iframe')).toBeVisible();
  return panel;
}

const accountEmail = (panel: Locator, t: T) => panel.getByRole('textbox', { name: t('payments:methods.card.saved.email') });
const savedRadio = (panel: Locator, lastFour: string) => panel.getByRole('radio', { name: new RegExp(lastFour) });
const payButton = (panel: Locator, t: T) => panel.getByRole('button', { name: t('payments:methods.card.submit') });
/** The saved card's security code: the provider's field (an iframe the page cannot read). */
const savedCode = (panel: Locator, t: T) =>
  panel.frameLocator(`[data-secure-field="securityCode"] iframe[title="${t('forms:fields.securityCode')}"]`).getByLabel(t('forms:fields.securityCode'));

/** Types the test customer's e-mail and waits for the account's saved methods. */
async function showSavedMethods(page: Page, t: T): Promise<Locator> {
  await openHeldPaymentStep(page, t);
  const panel = await openCardPanel(page, t);
  await accountEmail(panel, t).fill(TEST_CUSTOMER);
  // MercadoPago authenticates the buyer in its own sheet (the sandbox's dialog) before listing the account.
  await page.getByRole('dialog', { name: 'Confirma tu cuenta de Mercado Pago' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(panel.getByRole('radiogroup', { name: t('payments:methods.card.saved.legend') })).toBeVisible();
  return panel;
}

async function fillBuyer(panel: Locator, t: T): Promise<void> {
  await buyerField(panel, t, 'name').fill('Ana López');
  await buyerField(panel, t, 'phone').fill('5512345678');
}

test.describe('saved methods of a MercadoPago account (sandbox test customer)', () => {
  test('the Visa needs its code: pay stays off until the code is valid, then paying works → thank-you', async ({ page, t }) => {
    await page.clock.install();
    const panel = await showSavedMethods(page, t);
    await expect(savedRadio(panel, '3764')).toBeChecked();
    await expect(savedRadio(panel, '0366')).toBeVisible();
    await expect(panel.getByRole('img', { name: 'Visa' })).toBeVisible();
    // Account money is listed with its balance label, not payable by card.
    await expect(panel.getByText(t('payments:methods.card.saved.accountMoney'))).toBeVisible();
    await expect(panel.getByRole('radio', { name: new RegExp(t('payments:methods.card.saved.accountMoney')) })).toBeDisabled();
    await expectAccessible(page, 'card panel, saved methods');

    await fillBuyer(panel, t);
    await expect(payButton(panel, t)).toBeDisabled();
    await savedCode(panel, t).pressSequentially('12');
    await expect(payButton(panel, t)).toBeDisabled();
    await savedCode(panel, t).pressSequentially('3');
    await expect(payButton(panel, t)).toBeEnabled();

    const paying = page.waitForRequest((request) => request.url().endsWith('/api/payments/mercadopago/process-payment'));
    await payButton(panel, t).click();
    const body = (await paying).postDataJSON();
    expect(body).toMatchObject({ installments: 1, paymentMethodId: 'visa', issuer: '162', email: TEST_CUSTOMER, buyer_info: { name: 'Ana López', phone: '5512345678' } });
    await expect(page).toHaveURL(/\/demo\/mp\/loader\?payment_id=\d+/);
    await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
    await page.clock.runFor(3000);
    await expect(page).toHaveURL(/\/demo\/payment-status$/, { timeout: 6000 });
    await expect(page.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible();
  });

  test("the e-mail's clear button clears the list; a new card is always at hand", async ({ page, t }) => {
    const panel = await showSavedMethods(page, t);
    await panel.getByRole('button', { name: t('payments:methods.card.saved.useNewCard') }).click();
    await expect(panel.locator('[data-secure-field="cardNumber"] iframe')).toBeVisible();
    await panel.getByRole('button', { name: t('payments:methods.card.saved.useSaved') }).click();
    await expect(savedRadio(panel, '3764')).toBeVisible();

    await panel.getByRole('button', { name: t('payments:methods.card.saved.clearEmail') }).click();
    await expect(accountEmail(panel, t)).toHaveValue('');
    await expect(panel.getByRole('radio')).toHaveCount(0);
    await expect(panel.locator('[data-secure-field="cardNumber"] iframe')).toBeVisible();
    // An account (a test user) without saved methods keeps the new-card form.
    await accountEmail(panel, t).fill('test_user_sin_guardadas@testuser.com');
    await page.getByRole('dialog', { name: 'Confirma tu cuenta de Mercado Pago' }).getByRole('button', { name: 'Confirmar' }).click();
    await expect(panel.getByRole('status').filter({ hasText: t('payments:methods.card.saved.lookingUp') })).toHaveCount(0);
    await expect(panel.getByRole('radio')).toHaveCount(0);
  });

  test('keyboard only: choose the saved Mastercard, which needs no code, and pay straight away', async ({ page, t }) => {
    const panel = await showSavedMethods(page, t);
    await savedRadio(panel, '3764').focus();
    // Arrow keys move the choice inside the radio group.
    await page.keyboard.press('ArrowDown');
    await expect(savedRadio(panel, '0366')).toBeChecked();
    await expect(savedRadio(panel, '0366')).toBeFocused();
    await expect(panel.locator('[data-secure-field="securityCode"]')).toHaveCount(0);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Ana López');
    await page.keyboard.press('Tab');
    await page.keyboard.type('5512345678');
    await page.keyboard.press('Tab');
    await expect(payButton(panel, t)).toBeFocused();
    await expect(payButton(panel, t)).toBeEnabled();
    const paying = page.waitForRequest((request) => request.url().endsWith('/api/payments/mercadopago/process-payment'));
    await page.keyboard.press('Enter');
    expect((await paying).postDataJSON()).toMatchObject({ paymentMethodId: 'master', email: TEST_CUSTOMER });
    await expect(page).toHaveURL(/\/demo\/mp\/loader\?payment_id=\d+/);
    await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
  });
});
