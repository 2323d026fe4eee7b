import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, holdPurchase, test } from './support/fixtures';
import { buyerField, emailText, emailsTo, openMethod, uniqueBuyer, type Buyer, type T } from './payments-helpers';

const admin = { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` };

/** An event offering meses sin intereses on both card paths (its own url per run). */
const msiEvent = (url: string) => ({
  url,
  event: { name: 'Festival a meses', config: { currency: 'MXN', metodo_pago_mercadopago_tarjetas: true, metodo_pago_stripe_tarjeta: true } },
  tickets: [{ id: 1, name: 'Abono', price: 1500, minimum: 1, maximum: 4, capacity: 1000 }],
  installments: { enabled: true, min_amount: 300, max_months: 12 },
});

/** The plan's sentence (installments-words.ts) for 6 interest-free months, in either language ("MX$" in English). */
const SIX_MONTHS = /6 (meses sin intereses de|interest-free monthly payments of) (MX)?\$[\d,.]+ \(total (MX)?\$[\d,.]+\)/;

async function heldAt(page: Page, t: T, url: string): Promise<void> {
  await holdPurchase(page, { Abono: 1 }, `/${url}/payment-method`, url);
  await expect(page.getByRole('heading', { level: 1, name: t('payments:page.title') })).toBeVisible({ timeout: 30_000 });
}

/** The plans' radio group of a panel. */
const plansOf = (panel: Locator, t: T) => panel.getByRole('radiogroup', { name: t('payments:methods.installments.label') });

/** The loader says approved; then (its countdown on the page's clock) the thank-you page states the plan. */
async function expectPlanThanks(page: Page, t: T, loader: RegExp): Promise<void> {
  await expect(page).toHaveURL(loader);
  await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
  await page.clock.runFor(3000);
  await expect(page.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible({ timeout: 6000 });
  await expect(page.getByTestId('paid-plan')).toContainText(SIX_MONTHS);
}

/** The tickets e-mail states the plan. */
async function expectPlanMail(buyer: Buyer): Promise<void> {
  await expect.poll(() => emailsTo(buyer.email).length, { timeout: 15_000 }).toBe(1);
  expect(emailText(emailsTo(buyer.email)[0]!)).toMatch(SIX_MONTHS);
}

test.describe('meses sin intereses', () => {
  let url = '';
  test.beforeAll(async ({ request }) => {
    url = `msi-${Date.now().toString(36)}`;
    const imported = await request.put(`/api/admin/events/${url}`, { data: msiEvent(url), headers: admin });
    expect(imported.status(), await imported.text()).toBeLessThan(300);
  });
  test.beforeEach(({ page }) => page.clock.install());

  test('MercadoPago: the Visa credit card\'s plans, chosen with the keyboard; 6 months paid, on the thank-you page and in the e-mail', async ({ page, t }) => {
    await heldAt(page, t, url);
    const panel = await openMethod(page, t, 'card');
    const secure = (field: 'cardNumber' | 'cardExpiry' | 'securityCode') =>
      panel.frameLocator(`[data-secure-field] iframe[title="${t(`forms:fields.${field}`)}"]`).getByLabel(t(`forms:fields.${field}`));
    await expect(secure('cardNumber')).toBeVisible();
    // The card number gives the BIN: our server's plans for it (Visa credit of the sandbox: 3, 6 and 12).
    const asked = page.waitForRequest((request) => request.url().endsWith('/api/payments/mercadopago/installments'));
    await secure('cardNumber').pressSequentially('4075595716483764');
    expect((await asked).postDataJSON()).toMatchObject({ bin: '407559', payment_method_id: 'visa' });
    const plans = plansOf(panel, t);
    await expect(plans.getByRole('radio')).toHaveCount(4);
    const first = plans.getByRole('radio').first();
    await expect(first).toBeChecked();
    await expect(plans.getByRole('radio', { name: /^1 (pago|payment)/ })).toBeChecked();
    await secure('cardExpiry').pressSequentially('1130');
    await secure('securityCode').pressSequentially('123');
    const buyer = uniqueBuyer('msi-mp');
    await panel.getByRole('textbox', { name: new RegExp(`^${t('forms:fields.cardholderName')}`) }).fill('APRO');
    await buyerField(panel, t, 'email').fill(buyer.email);
    await buyerField(panel, t, 'emailConfirm').fill(buyer.email);
    await buyerField(panel, t, 'phone').fill(buyer.phone);
    await expectAccessible(page, 'payment method, card plans');
    // The keyboard: arrows move the choice (1 → 3 → 6).
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(plans.getByRole('radio', { name: /^6 (meses sin intereses|interest-free)/ })).toBeChecked();
    const paying = page.waitForRequest((request) => request.url().endsWith('/api/payments/mercadopago/process-payment'));
    await panel.getByRole('button', { name: t('payments:methods.card.submit') }).click();
    expect((await paying).postDataJSON()).toMatchObject({ installments: 6, paymentMethodId: 'visa' });
    await expectPlanThanks(page, t, /\/mp\/loader\?payment_id=\d+/);
    await expectPlanMail(buyer);
  });

  test('MercadoPago saved card: the account\'s Mastercard gets its issuer\'s plans (read by our server); 6 months go with the payment', async ({ page, t }) => {
    await heldAt(page, t, url);
    const panel = await openMethod(page, t, 'card');
    await expect(panel.locator('[data-secure-field="cardNumber"] iframe')).toBeVisible();
    await panel.getByRole('textbox', { name: t('payments:methods.card.saved.email') }).fill('test_user_mx@testuser.com');
    await page.getByRole('dialog', { name: 'Confirma tu cuenta de Mercado Pago' }).getByRole('button', { name: 'Confirmar' }).click();
    const asked = page.waitForRequest((request) => request.url().endsWith('/api/payments/mercadopago/account-installments') && request.postDataJSON().id.startsWith('pst_3b8e'));
    await panel.getByRole('radio', { name: /0366/ }).check();
    expect((await asked).postDataJSON()).not.toHaveProperty('bin');
    // The sandbox's saved Mastercard: 1 payment, 3, 6 and 9 months sin intereses.
    await expect(plansOf(panel, t).getByRole('radio')).toHaveCount(4);
    await plansOf(panel, t).getByRole('radio', { name: /^6 (meses sin intereses|interest-free)/ }).check();
    await buyerField(panel, t, 'name').fill('Ana López');
    await buyerField(panel, t, 'phone').fill('5512345678');
    const paying = page.waitForRequest((request) => request.url().endsWith('/api/payments/mercadopago/process-payment'));
    await panel.getByRole('button', { name: t('payments:methods.card.submit') }).click();
    expect((await paying).postDataJSON()).toMatchObject({ installments: 6, paymentMethodId: 'master' });
    await expectPlanThanks(page, t, /\/mp\/loader\?payment_id=\d+/);
  });

  test('Stripe: the Mexican test card\'s plans after the card is entered; 6 months confirmed by the server, on the thank-you page and in the e-mail', async ({ page, t }) => {
    await heldAt(page, t, url);
    const panel = await openMethod(page, t, 'stripe');
    const card = (label: string) => panel.frameLocator('iframe[title="Secure payment input frame"]').getByLabel(label);
    await expect(card('Card number')).toBeVisible();
    const buyer = uniqueBuyer('msi-stripe');
    await buyerField(panel, t, 'name').fill(buyer.name);
    await buyerField(panel, t, 'email').fill(buyer.email);
    await buyerField(panel, t, 'phone').fill(buyer.phone);
    await card('Card number').pressSequentially('4000004840008001');
    await card('Expiration date').pressSequentially('1234');
    await card('Security code').pressSequentially('123');
    const pay = panel.getByRole('button', { name: t('payments:methods.stripe.submit') });
    await pay.click();
    const plans = plansOf(panel, t);
    await expect(plans.getByRole('radio')).toHaveCount(5);
    await expectAccessible(page, 'payment method, Stripe card plans');
    await plans.getByRole('radio', { name: /^6 (meses sin intereses|interest-free)/ }).check();
    const confirming = page.waitForRequest((request) => request.url().endsWith('/api/payments/stripe/confirm'));
    await pay.click();
    expect((await confirming).postDataJSON()).toMatchObject({ installments: 6 });
    await expectPlanThanks(page, t, /\/stripe\/loader\?payment_intent=pi_/);
    await expectPlanMail(buyer);
  });
});
