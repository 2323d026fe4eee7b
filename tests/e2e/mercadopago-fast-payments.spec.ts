import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/fixtures';

/**
 * Fast payments in the sandbox's MercadoPago JS SDK, on its demo page, as a merchant page
 * uses them: the authenticator's confirmation dialog, the account's saved methods, a
 * saved card's token from its card id and the security-code field, the pseudotoken update,
 * and the `+fail` e-mail that sends a page back to plain card entry.
 */

interface Method { id: string; pseudotoken: string | null; type: string; last_four_digits: string | null; issuer: { name: string }; security_code_settings: { mode: string } | null }
interface FastPaymentsSdk {
  authenticator(amount: string, email: string): Promise<{ show(options?: { hideUserConfirmation?: boolean }): Promise<string>; getApplication(): string }>;
  getAccountPaymentMethods(token: string): Promise<{ results: Method[] }>;
  getCardId(token: string, pseudotoken: string): Promise<{ card_id: string }>;
  updatePseudotoken(token: string, pseudotoken: string, cardToken: string): Promise<{ status: string }>;
  fields: { createCardToken(data: { cardholderName?: string; cardId?: string }): Promise<{ id: string; card_id: string; last_four_digits: string }> };
}

declare global {
  interface Window {
    demoFastPayments: { mp: FastPaymentsSdk; token: string | null; methods: Method[] };
  }
}

async function authenticate(page: Page, email: string) {
  await page.getByLabel('Correo de la cuenta').fill(email);
  await page.getByRole('button', { name: 'Buscar medios guardados' }).click();
}

test('the test customer confirms in a dialog, then sees two saved cards and account money; a saved card gets a token and its pseudotoken is updated', async ({ page }) => {
  await page.goto('/sandbox/mercadopago/demo-fast-payments');
  await authenticate(page, 'test_user_mx@testuser.com');

  const dialog = page.getByRole('dialog', { name: 'Confirma tu cuenta de Mercado Pago' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('$100.00 MXN');
  await expect(dialog.getByRole('button', { name: 'Confirmar' })).toBeFocused();
  await expectAccessible(page, 'the sandbox authenticator dialog');
  // Keyboard only: the focused button confirms with Enter.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('status')).toHaveText('Medios guardados: 3');
  const items = page.getByRole('list').last().getByRole('listitem');
  await expect(items).toHaveText([
    'Visa · Visa · terminación 3764 · código de seguridad obligatorio',
    'Mastercard · Mastercard · terminación 0366 · código de seguridad opcional',
    'Dinero en cuenta (Mercado Pago)',
  ]);
  const { token, methods } = await page.evaluate(() => ({ token: window.demoFastPayments.token, methods: window.demoFastPayments.methods }));
  expect(token).toEqual(expect.any(String));
  expect(methods.map((m) => [m.type, m.last_four_digits, m.security_code_settings?.mode ?? null])).toEqual([
    ['credit_card', '3764', 'mandatory'], ['credit_card', '0366', 'optional'], ['account_money', null, null],
  ]);

  // The Visa needs its code: card id from the pseudotoken, a card token from card id + code, then the update.
  const visa = methods[0]!;
  const { card_id: cardId } = await page.evaluate(([t, p]) => window.demoFastPayments.mp.getCardId(t, p), [token!, visa.pseudotoken!] as const);
  expect(cardId).toBe('9000000001');
  await page.frameLocator('#field-securityCode iframe').getByLabel('Código de seguridad de la tarjeta guardada').pressSequentially('123');
  const cardToken = await page.evaluate((id) => window.demoFastPayments.mp.fields.createCardToken({ cardId: id, cardholderName: 'APRO' }), cardId);
  expect(cardToken).toMatchObject({ card_id: '9000000001', last_four_digits: '3764' });
  const updated = await page.evaluate(([t, p, c]) => window.demoFastPayments.mp.updatePseudotoken(t, p, c), [token!, visa.pseudotoken!, cardToken.id] as const);
  expect(updated).toMatchObject({ status: 'updated' });
});

test('cancelling the dialog (Escape) rejects with NoBottomsheetConfirmation; hideUserConfirmation drops only the account line', async ({ page }) => {
  await page.goto('/sandbox/mercadopago/demo-fast-payments');
  await authenticate(page, 'test_user_mx@testuser.com');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('¿Es tu cuenta? test_user_mx@testuser.com')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('status')).toHaveText('Error: NoBottomsheetConfirmation');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByLabel('Sin confirmación del comprador (hideUserConfirmation)').check();
  await authenticate(page, 'test_user_mx@testuser.com');
  // The authentication still shows (the buyer confirms it); only the account line is gone.
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('¿Es tu cuenta?')).toHaveCount(0);
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('status')).toHaveText('Medios guardados: 3');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => window.demoFastPayments.mp.authenticator('100.00', 'test_user_mx@testuser.com').then((a) => a.getApplication()))).toBe('MP');
});

test('a +fail e-mail or a buyer\'s own (no account) cannot authenticate (AuthenticationNotSupported); another test user has no saved methods; a bad e-mail is InvalidEmail', async ({ page }) => {
  await page.goto('/sandbox/mercadopago/demo-fast-payments');
  await authenticate(page, 'test_user_mx+fail@testuser.com');
  await expect(page.getByRole('status')).toHaveText('Error: AuthenticationNotSupported');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await authenticate(page, 'comprador@example.mx');
  await expect(page.getByRole('status')).toHaveText('Error: AuthenticationNotSupported');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await authenticate(page, 'test_user_sin_tarjetas@testuser.com');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('status')).toHaveText('Esta cuenta no tiene medios guardados.');
  expect(await page.evaluate(() => window.demoFastPayments.methods)).toEqual([]);

  const code = await page.evaluate(() => window.demoFastPayments.mp.authenticator('100.00', 'no-es-correo').then(() => null, (e: { errorCode: string }) => e.errorCode));
  expect(code).toBe('InvalidEmail');
});
