import { expect, test } from '@playwright/test';
import { build } from 'esbuild';
import { expectAccessible } from './support/fixtures';
import { fileURLToPath } from 'node:url';

/**
 * The sandbox's MercadoPago JS SDK v2 on its demo card form, used as a merchant page
 * would: real iframes for the secure fields, events by postMessage, and a card token
 * created inside the fields so the page itself never holds the card number.
 */

const VISA = '4075595716483764';

interface DemoEvent {
  type: string;
  event: string;
  data: { bin?: string | null; errorMessages?: { cause: string }[] };
}

declare global {
  interface Window {
    demoCardForm: {
      mp: {
        fields: { createCardToken(data: { cardholderName?: string; cardId?: string }): Promise<Record<string, unknown>> };
        getPaymentMethods(query: { bin: string }): Promise<{ results: { id: string }[] }>;
        getIssuers(query: { paymentMethodId: string; bin: string }): Promise<{ id: string; name: string }[]>;
      };
      events: DemoEvent[];
    };
    cspViolations: string[];
  }
}

test('the sandbox secure fields are labelled iframes; the token is made inside them and the page never sees the number', async ({ page }) => {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => window.cspViolations.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  await page.goto('/sandbox/mercadopago/demo-card-form');
  const events = () => page.evaluate(() => window.demoCardForm.events);

  // Each secure field is an iframe named for assistive technology, holding a labelled input.
  for (const [type, label] of [['cardNumber', 'Número de tarjeta'], ['expirationDate', 'Fecha de vencimiento'], ['securityCode', 'Código de seguridad']]) {
    await expect(page.locator(`#field-${type} iframe`)).toHaveAttribute('title', label);
    await expect(page.frameLocator(`#field-${type} iframe`).getByLabel(label)).toBeVisible();
  }
  await expect.poll(async () => (await events()).filter((e) => e.event === 'ready').length).toBe(3);

  const number = page.frameLocator('#field-cardNumber iframe').getByLabel('Número de tarjeta');
  // A number failing the Luhn check is reported invalid.
  await number.pressSequentially('4075595716483765');
  await expect.poll(async () => (await events()).filter((e) => e.type === 'cardNumber' && e.event === 'validityChange').at(-1)?.data.errorMessages?.[0]?.cause).toBe('invalid_value');

  // The Visa test card, then expiry and code with the keyboard alone (Tab moves between the iframes).
  await number.fill('');
  await number.pressSequentially(VISA);
  await expect(number).toHaveValue('4075 5957 1648 3764');
  await expect.poll(async () => (await events()).filter((e) => e.event === 'binChange').at(-1)?.data.bin).toBe('407559');
  await expect.poll(async () => (await events()).filter((e) => e.type === 'cardNumber' && e.event === 'validityChange').at(-1)?.data.errorMessages).toEqual([]);
  await page.keyboard.press('Tab');
  await page.keyboard.type('1130');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await expect(page.frameLocator('#field-expirationDate iframe').getByLabel('Fecha de vencimiento')).toHaveValue('11/30');
  await expect(page.frameLocator('#field-securityCode iframe').getByLabel('Código de seguridad')).toHaveValue('123');

  const token = await page.evaluate(() => window.demoCardForm.mp.fields.createCardToken({ cardholderName: 'APRO' }));
  expect(token.id).toEqual(expect.any(String));
  expect(token).toMatchObject({ first_six_digits: '407559', last_four_digits: '3764' });
  // The demo's own button makes a token the same way.
  await page.getByRole('button', { name: 'Crear token' }).click();
  await expect(page.getByRole('status')).toContainText('407559…3764');

  // The merchant page's document holds no card number: neither in its markup nor in any input it owns.
  const pageHolds = await page.evaluate((digits) => ({
    markup: document.body.innerHTML.replace(/[\s-]/g, '').includes(digits),
    inputs: Array.from(document.querySelectorAll('input')).some((input) => input.value.replace(/[\s-]/g, '').includes(digits)),
  }), VISA);
  expect(pageHolds).toEqual({ markup: false, inputs: false });
  expect(JSON.stringify(await events())).not.toContain('5957');

  const methods = await page.evaluate(() => window.demoCardForm.mp.getPaymentMethods({ bin: '407559' }));
  expect(methods.results.map((method) => method.id)).toEqual(['visa']);
  const issuers = await page.evaluate(() => window.demoCardForm.mp.getIssuers({ paymentMethodId: 'visa', bin: '407559' }));
  expect(issuers.length).toBeGreaterThan(0);

  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
});

test('a wrong security code is refused by the card-token API and the promise rejects with its cause', async ({ page }) => {
  await page.goto('/sandbox/mercadopago/demo-card-form');
  await expect.poll(() => page.evaluate(() => window.demoCardForm.events.filter((e) => e.event === 'ready').length)).toBe(3);
  await page.frameLocator('#field-cardNumber iframe').getByLabel('Número de tarjeta').pressSequentially(VISA);
  await page.frameLocator('#field-expirationDate iframe').getByLabel('Fecha de vencimiento').pressSequentially('1130');
  await page.frameLocator('#field-securityCode iframe').getByLabel('Código de seguridad').pressSequentially('999');
  const refusal = await page.evaluate(() => window.demoCardForm.mp.fields.createCardToken({ cardholderName: 'APRO' }).then(() => null, (error: unknown) => error));
  expect(refusal).toMatchObject({ status: 400, cause: [{ code: 'E302' }] });
});

test('the storefront\'s SDK module loads the sandbox script, then the official loader reuses it (nothing from sdk.mercadopago.com)', async ({ page, request }) => {
  // The module as the storefront will ship it, bundled for a blank page of our origin.
  const bundle = await build({
    stdin: {
      contents: "import { loadMercadoPagoSdk } from './src/client/payments/providers/mercadopagoSdk'; window.loadMercadoPagoSdk = loadMercadoPagoSdk;",
      resolveDir: fileURLToPath(new URL('../..', import.meta.url)),
      loader: 'ts',
    },
    bundle: true, format: 'iife', write: false, platform: 'browser',
  });
  await page.route('**/__sdk-module-test', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="es"><head><title>SDK</title><script src="/__sdk-module-test.js"></script></head><body></body></html>' }));
  await page.route('**/__sdk-module-test.js', (route) => route.fulfill({ contentType: 'application/javascript', body: bundle.outputFiles[0]!.text }));
  const scripts: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url()); });
  const demo = await (await request.get('/sandbox/mercadopago/demo-card-form')).text();
  const publicKey = /data-public-key="([^"]+)"/.exec(demo)![1]!;

  await page.goto('/__sdk-module-test');
  const methods = await page.evaluate(async (key) => {
    const mp = await (window as unknown as { loadMercadoPagoSdk(config: { mode: string; publicKey: string }): Promise<Window['demoCardForm']['mp']> })
      .loadMercadoPagoSdk({ mode: 'sandbox', publicKey: key });
    return mp.getPaymentMethods({ bin: '547492' });
  }, publicKey);
  expect(methods.results.map((method) => method.id)).toEqual(['master']);
  expect(scripts.map((url) => new URL(url).pathname)).toContain('/sandbox/mercadopago/js/v2');
  expect(scripts.filter((url) => new URL(url).host.endsWith('mercadopago.com'))).toEqual([]);
});

test('the demo card form passes axe with its fields inside; update() reaches the field and unmount() removes its iframe', async ({ page }) => {
  await page.goto('/sandbox/mercadopago/demo-card-form');
  await expect.poll(() => page.evaluate(() => window.demoCardForm.events.filter((e) => e.event === 'ready').length)).toBe(3);
  await expectAccessible(page, 'the sandbox demo card form');

  const code = page.frameLocator('#field-securityCode iframe').getByLabel('Código de seguridad');
  await page.evaluate(() => {
    const mp = window.demoCardForm.mp as unknown as { fields: { create(type: string, options: object): { mount(id: string): { update(changes: object): unknown; unmount(): unknown } } } };
    const holder = document.createElement('div');
    holder.id = 'extra-code';
    document.body.appendChild(holder);
    const field = mp.fields.create('securityCode', { srLabel: 'Código de la tarjeta guardada', placeholder: 'CVV' }).mount('extra-code');
    (window as unknown as { extraField: typeof field }).extraField = field;
  });
  const extra = page.frameLocator('#extra-code iframe').getByLabel('Código de la tarjeta guardada');
  await expect(extra).toHaveAttribute('placeholder', 'CVV');
  await page.evaluate(() => (window as unknown as { extraField: { update(changes: object): unknown } }).extraField.update({ placeholder: '4 dígitos', settings: { length: 4 }, invalid: true }));
  await expect(extra).toHaveAttribute('placeholder', '4 dígitos');
  await expect(extra).toHaveAttribute('maxlength', '4');
  await expect(extra).toHaveAttribute('aria-invalid', 'true');
  await page.evaluate(() => (window as unknown as { extraField: { unmount(): unknown } }).extraField.unmount());
  await expect(page.locator('#extra-code iframe')).toHaveCount(0);
  await expect(code).toBeVisible();
});

test('a saved card\'s token needs only the security-code field: createCardToken({ cardId }) is collected there', async ({ page }) => {
  await page.goto('/sandbox/mercadopago/demo-card-form');
  await expect.poll(() => page.evaluate(() => window.demoCardForm.events.filter((e) => e.event === 'ready').length)).toBe(3);
  await page.frameLocator('#field-securityCode iframe').getByLabel('Código de seguridad').pressSequentially('123');
  // The sandbox customer's saved Visa (card id 9000000001); the number field stays empty.
  const token = await page.evaluate(() => window.demoCardForm.mp.fields.createCardToken({ cardId: '9000000001' }));
  expect(token).toMatchObject({ card_id: '9000000001', first_six_digits: '407559', last_four_digits: '3764' });
});
