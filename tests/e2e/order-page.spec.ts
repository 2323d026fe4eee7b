import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, expectAccessible, test } from './support/fixtures';
import { paidOrder } from './support/free-order';
import { emailsTo, emailText, pdfText } from './payments-helpers';

test.describe.configure({ timeout: 60_000 });

/** The order page's Spanish texts (its own namespace, which the fixtures' dictionary does not load). */
const order = JSON.parse(readFileSync(new URL('../../locales/es/order.json', import.meta.url), 'utf8')) as typeof import('../../locales/es/order.json');

/** A sentence of the namespace as a pattern: its `{{values}}` match anything. */
const sentence = (template: string) => new RegExp(template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\{\w+\}\}/g, '.+'));

// On the phone too (@phone): buyers open their order from the e-mail on their phone.
test('find my order → the e-mailed link → the order page → a corrected name on the new PDF → a transfer → a cancellation', { tag: '@phone' }, async ({ page }) => {
  const { purchaseId, email } = await paidOrder(page.request);

  await page.goto('/demo-free/order');
  await expect(page.getByRole('heading', { level: 2, name: order.find.heading })).toBeVisible();
  await page.getByLabel(order.find.email).fill(email);
  await page.getByLabel(order.find.reference).fill(purchaseId);
  await page.getByRole('button', { name: order.find.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: order.find.sent })).toBeVisible();

  await expect.poll(() => emailsTo(email).filter((m) => emailText(m).includes('Alguien pidió')).length, { timeout: 15_000 }).toBe(1);
  const mail = emailText(emailsTo(email).find((m) => emailText(m).includes('Alguien pidió'))!);
  const link = /(https?:\/\/\S+\/demo-free\/order#purchase_id=[0-9a-f-]+&key=[A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(link).toBeDefined();

  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: order.title })).toBeVisible();
  await expect(page.getByText(order.reference.replace('{{id}}', purchaseId), { exact: false })).toBeVisible();
  // The key left the address bar.
  expect(new URL(page.url()).hash).toBe('');
  const holders = page.getByTestId('order-ticket-holder');
  await expect(holders).toHaveText([order.tickets.holder.replace('{{name}}', 'Ana López'), order.tickets.holder.replace('{{name}}', 'Luis Pérez')]);
  await expectAccessible(page, 'the order page');

  const first = page.getByTestId('order-ticket').first();
  await first.getByRole('button', { name: /Corregir los datos del boleto/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(/Nombre completo/)).toHaveValue('Ana López');
  await dialog.getByLabel(/Nombre completo/).fill('Ana María López');
  await dialog.getByRole('button', { name: order.edit.save }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: order.edit.saved.replace('{{name}}', 'Ana María López') })).toBeVisible();
  await expect(holders.first()).toHaveText(order.tickets.holder.replace('{{name}}', 'Ana María López'));

  // The ticket's PDF (its signed link on the page) carries the new name.
  const pdfUrl = await first.getByRole('link', { name: order.tickets.pdf }).getAttribute('href');
  const pdf = await page.request.get(pdfUrl!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const dir = mkdtempSync(join(tmpdir(), 'order-pdf-'));
  try {
    writeFileSync(join(dir, 'boleto.pdf'), await pdf.body());
    expect(pdfText(join(dir, 'boleto.pdf'))).toContain('Ana María López');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // Transfer the second ticket: its old code stops working; the new holder gets an e-mail whose link opens their ticket only.
  const recipient = `nuevo-${Date.now()}@example.mx`;
  // By keyboard: Enter opens the dialog, Escape closes it and gives the focus back to its button.
  const transferButton = page.getByTestId('order-ticket').nth(1).getByRole('button', { name: /Transferir el boleto/ });
  const transfer = page.getByRole('dialog', { name: /Transferir el boleto/ });
  await transferButton.focus();
  await page.keyboard.press('Enter');
  await expect(transfer.getByText(/dejará de funcionar/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(transfer).toBeHidden();
  await expect(transferButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(transfer).toBeVisible();
  // The ticket type's form asks the name and the e-mail: the dialog does not ask them a second time.
  await expect(transfer.getByLabel(order.transfer.name)).toHaveCount(0);
  await expect(transfer.getByLabel(order.transfer.email)).toHaveCount(0);
  await transfer.getByLabel(/^Nombre completo\s*\*?$/).fill('Marta Ruiz');
  await transfer.getByLabel(/^Correo electrónico/).fill(recipient);
  await transfer.getByRole('button', { name: order.transfer.submit }).click();
  await expect(transfer).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: order.transfer.done.replace('{{name}}', 'Marta Ruiz') })).toBeVisible();
  await expect(holders).toHaveText([order.tickets.holder.replace('{{name}}', 'Ana María López')]);
  await expect(page.getByRole('listitem').filter({ hasText: order.history.reason.ticket_transferred })).toBeVisible();

  await expect.poll(() => emailsTo(recipient).length, { timeout: 15_000 }).toBe(1);
  const holderLink = /(https?:\/\/\S+\/demo-free\/order#purchase_id=[0-9a-f-]+&key=[A-Za-z0-9_-]+)/.exec(emailText(emailsTo(recipient)[0]))?.[1];
  expect(holderLink).toBeDefined();
  await page.goto(holderLink!);
  await expect(holders).toHaveText([order.tickets.holder.replace('{{name}}', 'Marta Ruiz')]);
  await expect(page.getByRole('button', { name: order.cancel.open })).toHaveCount(0);

  // Back as the buyer: cancel the ticket left; the refund is said.
  await page.goto(link!);
  await expect(holders).toHaveText([order.tickets.holder.replace('{{name}}', 'Ana María López')]);
  const opener = page.getByRole('button', { name: order.cancel.open });
  await opener.click();
  const cancel = page.getByRole('dialog', { name: order.cancel.title });
  await expect(cancel.getByRole('checkbox')).toBeChecked();
  await cancel.getByRole('button', { name: order.cancel.confirm }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: sentence(order.cancel.result.none) })).toBeVisible();
  await expect(page.getByTestId('order-ticket')).toHaveCount(0);
  await expectAccessible(page, 'the order page after a transfer and a cancellation');
});
