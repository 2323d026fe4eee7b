import type { Page } from '@playwright/test';
import { expect, inOneLanguagePerViewport, startPurchase, test } from './support/fixtures';

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every Content-Security-Policy violation of the page, from the DOM event and from the console. */
function recordViolations(page: Page): () => Promise<string[]> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|evaluate|apply|connect|frame)/i.test(message.text())) fromConsole.push(message.text());
  });
  void page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return async () => [...fromConsole, ...((await page.evaluate(() => window.__cspViolations ?? [])) as string[])];
}

inOneLanguagePerViewport(() => {
  test('the checkout runs under a CSP without unsafe-eval, with zero violations on every step (forms included)', async ({ page, t }) => {
    const violations = recordViolations(page);
    const expectNone = async (step: string) => expect(await violations(), `CSP violations on ${step}`).toEqual([]);

    const validatorModule = page.waitForResponse((response) => response.url().includes('/api/event/demo/attendee-validators.js'));
    const response = await page.goto('/demo');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    // No 'unsafe-eval': had any form needed ajv's compiler (new Function) in the browser, it would be refused and recorded.
    expect(csp).not.toMatch(/unsafe-eval/);
    await expect(page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') })).toBeVisible();
    await expectNone('the ticket page');

    await startPurchase(page, t, { General: 1 });
    await expect(page).toHaveURL(/\/demo\/productos$/);
    await expectNone('the products page');

    await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
    await expect(page).toHaveURL(/\/demo\/form$/);
    // The attendee validators come from our own origin as an ES module (no eval in the browser).
    const served = await validatorModule;
    expect(served.headers()['content-type']).toMatch(/^text\/javascript/);
    const attendee = page.getByRole('group', { name: t('checkout:form.block', { name: 'General', index: 1, count: 1 }) });
    await expect(attendee).toBeVisible();
    await expectNone('the attendee form');

    // Validate live (errors on touch, on submit), then fill everything, an image included.
    await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
    await expect(page.getByText(t('checkout:form.hasErrors'))).toBeVisible();
    await attendee.getByLabel('Nombre completo', { exact: false }).first().fill('Ana López');
    await attendee.getByLabel('Correo electrónico', { exact: false }).first().fill('ana@example.mx');
    await attendee.getByLabel('Edad', { exact: false }).first().fill('30');
    await attendee.getByLabel('Teléfono celular', { exact: false }).first().fill('5512345678');
    await attendee.getByRole('combobox', { name: 'Género musical favorito' }).selectOption('Rock');
    await attendee.getByLabel('Foto para tu gafete', { exact: true }).setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG_1x1 });
    await expect(attendee.getByRole('img')).toBeVisible(); // the data: thumbnail (img-src allows data:)
    await attendee.getByRole('checkbox', { name: 'Acepto los términos y condiciones' }).check();
    await expectNone('filling the attendee form');

    await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
    await expect(page).toHaveURL(/\/demo\/payment-method$/);
    await expectNone('the payment method page');

    // Control: the recorder works and the policy refuses string evaluation (what ajv's runtime compiler needs).
    await page.evaluate(() => setTimeout('window.__evaluated = true', 0));
    await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
    expect((await violations()).join('\n')).toMatch(/unsafe-eval|script-src/);
    expect(await page.evaluate(() => (window as unknown as { __evaluated?: boolean }).__evaluated)).toBeUndefined();

  });
});
