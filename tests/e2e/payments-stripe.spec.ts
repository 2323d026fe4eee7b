import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures';
import { buyerField, emailsTo, openHeldPaymentStep, openMethod, uniqueBuyer, type Buyer, type T } from './payments-helpers';

/** A field of the sandbox payment element (a frame of our origin holding the card), by its label. */
function cardField(panel: Locator, label: 'Card number' | 'Expiration date' | 'Security code'): Locator {
  return panel.frameLocator('iframe[title="Secure payment input frame"]').getByLabel(label);
}

async function openStripePanel(page: Page, t: T): Promise<Locator> {
  const panel = await openMethod(page, t, 'stripe');
  // Stripe.js (the sandbox's) loads when the panel opens; the payment element then appears.
  await expect(cardField(panel, 'Card number')).toBeVisible();
  return panel;
}

/** Types the buyer into our fields and the card into the payment element. */
async function fillCard(panel: Locator, t: T, buyer: Buyer, number: string): Promise<void> {
  await buyerField(panel, t, 'name').fill(buyer.name);
  await buyerField(panel, t, 'email').fill(buyer.email);
  await buyerField(panel, t, 'phone').fill(buyer.phone);
  await cardField(panel, 'Card number').pressSequentially(number);
  await cardField(panel, 'Expiration date').pressSequentially('1234');
  await cardField(panel, 'Security code').pressSequentially('123');
}

const payButton = (panel: Locator, t: T) => panel.getByRole('button', { name: t('payments:methods.stripe.submit') });

/** The loader says approved, then (its countdown run on the page's clock) the thank-you page. */
async function expectTickets(page: Page, t: T): Promise<void> {
  await expect(page).toHaveURL(/\/demo\/stripe\/loader\?payment_intent=pi_/);
  await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
  await page.clock.runFor(3000);
  await expect(page).toHaveURL(/\/demo\/payment-status$/);
  await expect(page.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible();
}

test.describe('card payment provider (Stripe, sandbox)', () => {
  // The loader's countdown runs on the page's clock, driven by the test: no real seconds waited.
  test.beforeEach(({ page }) => page.clock.install());
  // The provider's own answers (0002 and 9995 declined with their 402, 3155's challenge completed and
  // failed, the wallet sheet of both wallets) are tests/api/payments/stripe.test.ts and stripe-sandbox.test.ts.
  test('4242: the card is approved → tickets and the e-mail; billing details go with the confirmation', async ({ page, t }) => {
    await openHeldPaymentStep(page, t);
    const panel = await openStripePanel(page, t);
    const buyer = uniqueBuyer('stripe-4242');
    await fillCard(panel, t, buyer, '4242424242424242');
    await expectAccessible(page, 'payment method, card payment provider panel');
    const confirming = page.waitForRequest((request) => /\/sandbox\/stripe\/api\/v1\/payment_intents\/pi_\w+\/confirm$/.test(request.url()));
    const method = page.waitForRequest((request) => request.url().endsWith('/sandbox/stripe/api/v1/payment_methods'));
    await payButton(panel, t).click();
    const methodBody = new URLSearchParams((await method).postData() ?? '');
    expect(methodBody.get('billing_details[email]')).toBe(buyer.email);
    expect(methodBody.get('billing_details[phone]')).toBe(buyer.phone);
    expect(new URLSearchParams((await confirming).postData() ?? '').get('return_url')).toMatch(/\/demo\/stripe\/loader$/);
    await expectTickets(page, t);
    await expect.poll(() => emailsTo(buyer.email).length, { timeout: 15_000 }).toBe(1);
  });

  test('0002: the declined card shows the card alert and the buyer may try again', async ({ page, t }) => {
    await openHeldPaymentStep(page, t);
    const panel = await openStripePanel(page, t);
    await fillCard(panel, t, uniqueBuyer('stripe-0002'), '4000000000000002');
    await payButton(panel, t).click();
    await expect(panel.getByRole('alert').filter({ hasText: t('errors:stripe.card') })).toBeVisible();
    await expect(page).toHaveURL(/\/demo\/payment-method$/);
    await expect(payButton(panel, t)).toBeEnabled();
  });

  test('a browser that can pay with neither wallet shows no express buttons; the form: its messages after typing, and the pay button with problems', async ({ page, t }) => {
    await page.addInitScript(() => window.localStorage.setItem('stripeSandboxWallets', 'none'));
    await openHeldPaymentStep(page, t);
    const panel = await openStripePanel(page, t);
    await expect(panel.getByRole('button', { name: /Pay with (Google|Apple) Pay/ })).toHaveCount(0);
    await expect(payButton(panel, t)).toBeVisible();
    await buyerField(panel, t, 'name').fill('A');
    await buyerField(panel, t, 'email').fill('ana@');
    await buyerField(panel, t, 'phone').fill('12');
    await expect(panel.getByText(t('errors:cardPayment.nameTooShort'))).toBeVisible();
    await expect(panel.getByText(t('errors:cardPayment.emailFormat'))).toBeVisible();
    await expect(panel.getByText(t('errors:cardPayment.phoneFormat'))).toBeVisible();
    await payButton(panel, t).click();
    await expect(panel.getByRole('alert').filter({ hasText: t('errors:cardPayment.incomplete') })).toBeVisible();
    await expect(page).toHaveURL(/\/demo\/payment-method$/);
  });

  test('3155: the 3-D Secure challenge, completed → tickets', async ({ page, t }) => {
    await openHeldPaymentStep(page, t);
    const panel = await openStripePanel(page, t);
    await fillCard(panel, t, uniqueBuyer('stripe-3ds'), '4000002500003155');
    await payButton(panel, t).click();
    await expect(page.getByRole('heading', { level: 1, name: '3-D Secure authentication' })).toBeVisible();
    await expectAccessible(page, '3-D Secure challenge page');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expectTickets(page, t);
  });

  // Apple Pay's sheet is the same component with its own wallet id (both wallets' sheets: stripe-sandbox.test.ts).
  const wallet = { id: 'google_pay', name: 'Google Pay' } as const;
  test(`${wallet.name}: the sandbox sheet lists the order's lines, pays → tickets`, async ({ page, t }) => {
    // Stripe.js, its card frame and the sheet run under the store's CSP with no violation.
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (load|execute|evaluate|apply|connect|frame)/i.test(message.text())) violations.push(message.text());
    });
    await openHeldPaymentStep(page, t);
    const panel = await openStripePanel(page, t);
    await expect(panel.getByRole('button', { name: 'Pay with Apple Pay' })).toBeVisible();
    await panel.getByRole('button', { name: `Pay with ${wallet.name}` }).click();
    const sheet = page.getByRole('dialog', { name: `${wallet.name} (sandbox)` });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText('Cargo por servicio')).toBeVisible();
    await expect(sheet.getByLabel('E-mail')).toBeVisible();
    await expect(sheet.getByLabel('Phone')).toBeVisible();
    await expectAccessible(page, `${wallet.name} sandbox sheet`);
    expect(violations).toEqual([]);
    const sheetRequest = page.waitForRequest((request) => request.url().endsWith('/sandbox/stripe/wallet-sheet'));
    await sheet.getByRole('button', { name: /^Pay / }).click();
    const sent = (await sheetRequest).postDataJSON();
    // One VIP ticket of the demo event and its service charge, in minor units.
    expect(sent).toMatchObject({ wallet: wallet.id, billing_details: { email: expect.any(String), phone: expect.any(String) } });
    expect(sent.line_items).toEqual([
      { name: expect.stringContaining('VIP'), amount: expect.any(Number) },
      { name: 'Cargo por servicio', amount: expect.any(Number) },
    ]);
    const [ticket, charge] = sent.line_items as { amount: number }[];
    expect(charge.amount).toBe(Math.round(ticket.amount * 0.1));
    await expectTickets(page, t);
  });
});
