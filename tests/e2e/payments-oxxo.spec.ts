import { expect, expectAccessible, test } from './support/fixtures';
import { buyerField, emailsTo, fillBuyer, openHeldPaymentStep, openMethod, pdfPageCount, savedPdf, uniqueBuyer } from './payments-helpers';

test.describe('cash voucher (OXXO, sandbox)', () => {
  test.describe.configure({ timeout: 60_000 });

  test('voucher → pending loader (once per load) → pending thank-you page; paid later → e-mail with the PDF and the tickets on the same page', async ({ page, t }) => {
    // The loader's countdown runs on the page's clock, driven by the test: no real seconds waited.
    await page.clock.install();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    let loaderCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/payments/mercadopago/loader-process')) loaderCalls += 1;
    });
    await openHeldPaymentStep(page, t);
    const panel = await openMethod(page, t, 'cash');
    const buyer = uniqueBuyer('oxxo');
    await fillBuyer(panel, t, buyer);
    await panel.getByRole('button', { name: t('payments:methods.cash.submit') }).click();

    // The provider's hosted checkout (our sandbox); leaving the store raised no leave warning.
    await expect(page.getByRole('heading', { level: 1, name: 'Pagar en efectivo' })).toBeVisible();
    expect(dialogs).toEqual([]);
    await page.getByRole('button', { name: 'Generar ficha de pago OXXO' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ficha de pago OXXO' })).toBeVisible();
    const voucherUrl = page.url();

    await page.getByRole('link', { name: 'Volver a la tienda' }).click();
    await expect(page).toHaveURL(/\/demo\/mp\/loader\?.*payment_id=\d+/);
    await expect(page.getByRole('heading', { level: 1, name: t('payments:loader.title') })).toBeVisible();
    await expect(page.getByText(t('payments:loader.pending'))).toBeVisible();
    // A reload of the voucher loader asks once per load and stays pending.
    await page.reload();
    await expect(page.getByText(t('payments:loader.pending'))).toBeVisible();
    expect(loaderCalls).toBe(2);
    await page.clock.runFor(3000);
    await expect(page).toHaveURL(/\/demo\/payment-status$/);
    expect(loaderCalls).toBe(2);
    await expect(page.getByRole('heading', { level: 1, name: t('payments:status.pendingTitle') })).toBeVisible();
    await expect(page.getByText(t('payments:status.pendingTextEmail', { email: buyer.email }))).toBeVisible();
    await expect(page.getByRole('button', { name: t('payments:status.download') })).toHaveCount(0);
    await expect(page.getByText(/Tu número de compra es [0-9a-f-]{8,}/)).toBeVisible();
    expect(emailsTo(buyer.email)).toEqual([]);

    // The buyer pays at the store: the provider notifies the server, which e-mails the tickets.
    await page.goto(voucherUrl);
    await page.getByRole('button', { name: 'Marcar como pagado' }).click();
    await expect(page.getByRole('status')).toHaveText('Pagada. Tus boletos llegarán por correo.');
    await expect.poll(() => emailsTo(buyer.email).length, { timeout: 15_000 }).toBe(1);
    const [mail] = emailsTo(buyer.email);
    expect(mail).toMatch(/Content-Type: application\/pdf/i);
    expect(mail).toMatch(/filename="?compra_[0-9a-f-]+\.pdf/);

    // Back on the thank-you page (a fresh load): the purchase is paid now, its tickets are there.
    await page.goto('/demo/payment-status');
    await expect(page.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: t('payments:status.download') }).click();
    const { text } = await savedPdf(await downloading, /^compra_[0-9a-f-]+\.pdf$/);
    expect(text).toContain('Festival Marea Sonora 2027');
    expect(text).toContain('VIP');
    expect(pdfPageCount(text)).toBe(1);
  });

  test("the buyer form: its own checks first, then the server's refusals on their fields; a failure toasts", async ({ page, t }) => {
    await openHeldPaymentStep(page, t);
    const panel = await openMethod(page, t, 'cash');
    const submit = panel.getByRole('button', { name: t('payments:methods.cash.submit') });
    await submit.click();
    await expect(buyerField(panel, t, 'name')).toHaveAccessibleDescription(t('errors:buyer.nameRequired'));
    await expect(buyerField(panel, t, 'name')).toBeFocused();
    await fillBuyer(panel, t, uniqueBuyer('oxxo-form'));
    await buyerField(panel, t, 'emailConfirm').fill('otra@example.mx');
    await submit.click();
    await expect(buyerField(panel, t, 'emailConfirm')).toHaveAccessibleDescription(t('errors:buyer.emailMismatch'));
    await buyerField(panel, t, 'emailConfirm').fill(await buyerField(panel, t, 'email').inputValue());

    // The server judges with the same schema; its answer lands on the field it names.
    await page.route(
      '**/api/payments/mercadopago/create-preference',
      (route) => route.fulfill({ status: 400, json: { mensaje: 'Algún campo tiene error, verifica.', code: 'FORM_INVALID', errors: [{ path: '/buyer_info/phone', message: 'errors:buyer.phoneDigits' }] } }),
      { times: 1 },
    );
    await submit.click();
    await expect(buyerField(panel, t, 'phone')).toHaveAccessibleDescription(t('errors:buyer.phoneDigits'));
    await expect(buyerField(panel, t, 'phone')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'cash panel with a refused field');
    await expect(page).toHaveURL(/\/demo\/payment-method$/);

    // A provider failure: the 'try another method' toast, the panel usable again.
    await page.route('**/api/payments/mercadopago/create-preference', (route) => route.fulfill({ status: 502, json: { mensaje: 'x', code: 'PAYMENT_PROVIDER_ERROR' } }), { times: 1 });
    await buyerField(panel, t, 'phone').fill('5587654321');
    await submit.click();
    await expect(page.getByText(t('payments:errors.startFailed'))).toBeVisible();
    await expect(submit).toBeEnabled();
    await expect(buyerField(panel, t, 'name')).toBeEnabled();
  });

  test('while a panel submits its fields and button are disabled and a busy label shows', async ({ page, t }) => {
    await openHeldPaymentStep(page, t);
    const panel = await openMethod(page, t, 'cash');
    await fillBuyer(panel, t, uniqueBuyer('oxxo-busy'));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/payments/mercadopago/create-preference', async (route) => {
      await held;
      await route.fulfill({ status: 502, json: { mensaje: 'x', code: 'PAYMENT_PROVIDER_ERROR' } });
    });
    await panel.getByRole('button', { name: t('payments:methods.cash.submit') }).click();
    await expect(panel.getByRole('status').filter({ hasText: t('payments:form.busy') })).toBeVisible();
    await expect(panel.getByRole('button', { name: t('payments:methods.cash.submit') })).toBeDisabled();
    await expect(buyerField(panel, t, 'email')).toBeDisabled();
    await expect(page.getByRole('button', { name: t('payments:methods.paypal.label') })).toBeDisabled();
    release();
    await expect(page.getByText(t('payments:errors.startFailed'))).toBeVisible();
    await expect(buyerField(panel, t, 'email')).toBeEnabled();
  });
});
