import { expect, expectAccessible, test } from './support/fixtures';
import { emailsTo, escapeRegExp, fillBuyer, openHeldPaymentStep, openMethod, savedPdf, uniqueBuyer, type T } from './payments-helpers';


test.describe.configure({ timeout: 90_000 });

/** A field of the invoice form, by the start of its label (the label may carry a required mark). */
const field = (scope: import('@playwright/test').Locator, t: T, key: string, role: 'textbox' | 'combobox' = 'textbox') =>
  scope.getByRole(role, { name: new RegExp(`^${escapeRegExp(t(`forms:fields.${key}`))}`) });

test('a paid order\'s thank-you page → "¿Necesitas factura?" → the factura issued → its PDF downloads; the order page shows it', async ({ page, t }) => {
  // A purchase paid by bank transfer in the sandbox (something charged: a free order has nothing to invoice).
  await page.clock.install();
  await openHeldPaymentStep(page, t);
  const buyer = uniqueBuyer('factura');
  await fillBuyer(await openMethod(page, t, 'bankTransfer'), t, buyer);
  await page.getByRole('button', { name: t('payments:methods.bankTransfer.submit') }).click();
  await page.getByRole('button', { name: 'Aprobar pago' }).click();
  await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
  await page.clock.runFor(3000);
  await expect(page).toHaveURL(/\/demo\/payment-status$/, { timeout: 10_000 });

  const invoice = page.getByRole('region', { name: t('invoice:heading') });
  await expect(invoice.getByText(new RegExp(escapeRegExp(t('invoice:available', { date: '§' })).replace('§', '.+')))).toBeVisible();
  await invoice.getByRole('button', { name: t('invoice:open') }).click();
  // The form's fields, within the panel (rjsf's <form> carries no accessible name).
  const form = invoice;
  await expect(field(form, t, 'invoiceEmail')).toHaveValue(buyer.email);

  // The RFC's check digit is judged as typed; the uso de CFDI lists only what the régimen allows.
  await field(form, t, 'rfc').fill('eku9003173c8');
  await field(form, t, 'rfc').blur();
  await expect(form.getByText(t('errors:invoice.rfcCheckDigit'))).toBeVisible();
  await field(form, t, 'rfc').fill('EKU9003173C9');
  await field(form, t, 'legalName').fill('Escuela Kemper Urgate');
  await field(form, t, 'taxRegime', 'combobox').selectOption({ label: '601 · General de Ley Personas Morales' });
  await expect(field(form, t, 'invoiceUse', 'combobox').getByRole('option', { name: /^D01/ })).toHaveCount(0);
  await field(form, t, 'taxRegime', 'combobox').selectOption({ label: '612 · Personas Físicas con Actividades Empresariales y Profesionales' });
  await expect(field(form, t, 'invoiceUse', 'combobox').getByRole('option', { name: /^D01/ })).toHaveCount(1);
  await field(form, t, 'taxRegime', 'combobox').selectOption({ label: '601 · General de Ley Personas Morales' });
  await field(form, t, 'invoiceUse', 'combobox').selectOption({ label: 'G03 · Gastos en general' });
  await field(form, t, 'fiscalZip').fill('26015');
  await expectAccessible(page, 'the thank-you page\'s invoice form');
  await form.getByRole('button', { name: t('invoice:submit') }).click();

  await expect(invoice.getByRole('status').filter({ hasText: t('invoice:issuedNotice') })).toBeVisible({ timeout: 20_000 });
  await expect(invoice.getByText(new RegExp(escapeRegExp(t('invoice:issued', { uuid: '§' })).replace('§', '[0-9A-F-]{36}'), 'i'))).toBeVisible();
  const downloading = page.waitForEvent('download');
  await invoice.getByRole('button', { name: t('invoice:pdfLabel') }).click();
  const { text } = await savedPdf(await downloading, /^factura_[0-9a-f-]{36}\.pdf$/i);
  expect(text).toContain('EKU9003173C9');
  await expectAccessible(page, 'the thank-you page with the invoice issued');
  // The invoice's e-mail carries its PDF and its XML (the tickets e-mail has a PDF and no XML).
  await expect
    .poll(() => emailsTo(buyer.email).find((message) => /filename="?[^"\r\n]*\.xml/i.test(message)) ?? '', { timeout: 20_000 })
    .toMatch(/Content-Type: application\/pdf/i);

  // The order page (the thank-you page's link) shows the same invoice.
  await page.getByRole('link', { name: t('payments:status.orderPage') }).click();
  const onOrderPage = page.getByRole('region', { name: t('invoice:heading') });
  await expect(onOrderPage.getByRole('button', { name: t('invoice:pdfLabel') })).toBeVisible({ timeout: 20_000 });
  await expect(onOrderPage.getByRole('button', { name: t('invoice:xmlLabel') })).toBeVisible();
  await expectAccessible(page, 'the order page with the invoice issued');
});
