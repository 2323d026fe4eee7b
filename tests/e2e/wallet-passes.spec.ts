import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures';
import { fillBuyer, openFreePaymentStep, openMethod, savedPdf, uniqueBuyer, type T } from './payments-helpers';
import { pdfHasQrOf } from './support/pdf-qr';
import { recomputedManifest, unpackPass, verifyPassSignature } from '../support/pkpass';

// Whole purchases, then a new tab and a download: more than the default on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The root of the sandbox chain the server signs with (playwright.config.ts gives the server this folder). */
function sandboxRoot(): string {
  return JSON.parse(readFileSync(join(process.env.E2E_WALLET_SANDBOX_DIR!, 'apple-pass-chain.json'), 'utf8')).rootCert;
}

/** Two free tickets of /demo-free claimed, then the thank-you page. */
async function claimFreeTickets(page: Page, t: T, tag: string): Promise<void> {
  await openFreePaymentStep(page, t);
  const panel = await openMethod(page, t, 'free');
  await fillBuyer(panel, t, uniqueBuyer(tag));
  await panel.getByRole('button', { name: t('payments:methods.free.submit') }).click();
  await expect(page).toHaveURL(/\/demo-free\/free\/loader\?secretuuid=/);
  await page.getByRole('link', { name: t('payments:loader.toStatus') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible();
}

test('free claim → the wallet dialog lists each ticket → its pass page opens in a new tab → the Apple Wallet pass verifies → "Add to Google Wallet" shows the pass with the QR secret of the PDF', async ({ page, context, t }) => {
  await claimFreeTickets(page, t, 'wallet');
  const downloadingPdf = page.waitForEvent('download');
  await page.getByRole('button', { name: t('payments:status.download') }).click();
  const { path: pdf } = await savedPdf(await downloadingPdf, /^compra_[0-9a-f-]+\.pdf$/);

  await page.getByRole('button', { name: t('payments:status.wallet') }).click();
  const dialog = page.getByRole('dialog', { name: t('payments:wallet.title') });
  const rows = dialog.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  const folios: string[] = [];
  for (const row of await rows.all()) {
    const folio = /Folio (\d{6})/.exec((await row.textContent()) ?? '')?.[1];
    expect(folio).toBeTruthy();
    folios.push(folio!);
    await expect(row.getByRole('button', { name: t('payments:wallet.downloadOf', { name: 'Entrada libre', serial: folio! }) })).toBeVisible();
  }
  expect(new Set(folios).size).toBe(2);
  await expectAccessible(page, 'wallet dialog (free claim)');

  const opened = context.waitForEvent('page');
  await rows.nth(1).getByRole('button', { name: t('payments:wallet.downloadOf', { name: 'Entrada libre', serial: folios[1] }) }).click();
  const pass = await opened;
  await expect.poll(() => pass.url()).toMatch(/\/api\/wallet\/passes\/[0-9a-f-]+\/[A-Za-z0-9_-]{43}$/);
  await expect(pass.getByRole('heading', { level: 1, name: 'Tu boleto' })).toBeVisible();
  const ticket = pass.getByRole('region', { name: 'Conversatorio: Música y comunidad · Centro Cultural, CDMX' });
  await expect(ticket.getByText('Asistente 2', { exact: true })).toBeVisible();
  await expect(ticket.getByText(folios[1], { exact: true })).toBeVisible();
  await expect(ticket.getByText('Centro Cultural Universitario Tlatelolco', { exact: false })).toBeVisible();
  await expect(ticket.getByRole('img', { name: `Código QR del boleto ${folios[1]}: preséntalo en el acceso` })).toBeVisible();
  await expect(pass.getByRole('note')).toContainText('no se abrirá en un iPhone real');
  await expect(pass.getByRole('note')).toContainText('nada llega a Google');
  await expectAccessible(pass, 'pass page with both wallet buttons');

  const downloading = pass.waitForEvent('download');
  await pass.getByRole('region', { name: 'Guárdalo en tu teléfono' }).getByRole('link', { name: 'Agregar a Apple Wallet' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`boleto_${folios[1]}.pkpass`);
  const files = unpackPass(readFileSync((await download.path())!));
  const passJson = JSON.parse(files.get('pass.json')!.toString('utf8'));
  expect(passJson.eventTicket.auxiliaryFields.find((f: { key: string }) => f.key === 'attendee').value).toBe('Asistente 2');
  expect(passJson.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR', altText: folios[1] });
  const manifest = files.get('manifest.json')!;
  expect(JSON.parse(manifest.toString('utf8'))).toEqual(recomputedManifest(files));
  expect(verifyPassSignature(files.get('signature')!, manifest, sandboxRoot()).ok).toBe(true);

  // The same pass page's Google Wallet link: the sandbox save page shows this ticket.
  await pass.getByRole('region', { name: 'Guárdalo en tu teléfono' }).getByRole('link', { name: 'Agregar a Google Wallet' }).click();
  await expect(pass).toHaveURL(/\/sandbox\/google-wallet\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
  await expect(pass.getByRole('heading', { level: 1, name: 'Guardar en Google Wallet' })).toBeVisible();
  const shown = pass.getByRole('region', { name: 'Conversatorio: Música y comunidad · Centro Cultural, CDMX' });
  await expect(shown.getByText(folios[1], { exact: true })).toBeVisible();
  await expect(shown.getByRole('img', { name: 'Código QR del boleto' })).toBeVisible();
  await expectAccessible(pass, 'Google Wallet sandbox save page');

  // The QR the pass would carry is the one printed on the PDF: one format at the gate.
  const secret = (await shown.locator('dt', { hasText: 'Código del QR' }).locator('xpath=following-sibling::dd[1]').textContent())!;
  expect(secret).toMatch(/^[\w-]{20,}$/);
  expect(pdfHasQrOf(pdf, secret)).toBe(true);

  // A link whose payload was changed is refused.
  const url = new URL(pass.url());
  const [header, , signature] = url.pathname.split('/').pop()!.split('.');
  const forged = Buffer.from(JSON.stringify({ iss: 'x', aud: 'google', typ: 'savetowallet', payload: {} })).toString('base64url');
  const refused = await pass.goto(`/sandbox/google-wallet/save/${header}.${forged}.${signature}`);
  expect(refused?.status()).toBe(400);
  await expect(pass.getByRole('heading', { level: 1, name: 'No se puede guardar este pase' })).toBeVisible();
  await pass.close();
});

test('the wallet dialog when the list fails, is empty, or a pass URL cannot be had', async ({ page, t }) => {
  await claimFreeTickets(page, t, 'wallet-errors');
  const openDialog = async () => {
    await page.getByRole('button', { name: t('payments:status.wallet') }).click();
    return page.getByRole('dialog', { name: t('payments:wallet.title') });
  };
  const closeDialog = async () => {
    const dialog = page.getByRole('dialog', { name: t('payments:wallet.title') });
    await dialog.getByRole('button', { name: t('payments:wallet.close') }).click();
    await expect(dialog).toBeHidden();
  };

  // The answers a failing server would give, routed: the real server answers these only when broken.
  await page.route('**/api/emissions/obtener/wallet?*', (route) => route.fulfill({ status: 500, json: { mensaje: 'Error interno', code: 'INTERNAL' } }));
  await expect((await openDialog()).getByText(t('payments:errors.emissionsFailed'))).toBeVisible();
  await closeDialog();

  await page.unroute('**/api/emissions/obtener/wallet?*');
  await page.route('**/api/emissions/obtener/wallet?*', (route) => route.fulfill({ json: { emisiones: [] } }));
  await expect((await openDialog()).getByText(t('payments:wallet.empty'))).toBeVisible();
  await expectAccessible(page, 'wallet dialog, empty');
  await closeDialog();
  await page.unroute('**/api/emissions/obtener/wallet?*');

  await page.route('**/api/emissions/download/wallet', (route) => route.fulfill({ json: { url: '' } }));
  let dialog = await openDialog();
  await dialog.getByRole('listitem').first().getByRole('button').click();
  await expect(page.getByText(t('payments:errors.walletUrlMissing'))).toBeVisible();
  await closeDialog();

  await page.unroute('**/api/emissions/download/wallet');
  await page.route('**/api/emissions/download/wallet', (route) => route.fulfill({ status: 500, json: { mensaje: 'Error interno', code: 'INTERNAL' } }));
  dialog = await openDialog();
  await dialog.getByRole('listitem').first().getByRole('button').click();
  await expect(page.getByText(t('payments:errors.walletFailed'))).toBeVisible();
});
