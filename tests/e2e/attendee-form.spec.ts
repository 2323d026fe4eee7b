import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, inOneLanguagePerViewport, startPurchase, test, type Language } from './support/fixtures';

/** The `forms` namespace (widget texts) of a language, which the shared fixtures do not read. */
function formsText(language: Language, path: string, vars: Record<string, string> = {}): string {
  const file = fileURLToPath(new URL(`../../locales/${language}/forms.json`, import.meta.url));
  let value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of path.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`No ${language} forms text for ${path}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The demo's General ticket uses every field type; labels and rule messages are the operator's (Spanish) words.
const LABEL = {
  nombre: 'Nombre completo',
  correo: 'Correo electrónico',
  edad: 'Edad',
  telefono: 'Teléfono celular',
  genero: 'Género musical favorito',
  curp: 'CURP (opcional)',
  foto: 'Foto para tu gafete',
  accesible: '¿Necesitas un lugar accesible?',
  terminos: 'Acepto los términos y condiciones',
};
const OPERATOR = {
  nombreCorto: 'El nombre debe tener al menos 3 caracteres',
  menor: 'Debes ser mayor de edad para asistir',
  telefono: 'El teléfono debe tener 10 números',
  curp: 'La CURP no es válida: son 18 caracteres en mayúsculas',
  fotoPesada: 'La imagen no puede pesar más de 2 MB',
  fotoFormato: 'Solo se aceptan imágenes PNG o JPG',
};

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const files = {
  // A real PNG header plus padding (~16 KB as a data URL): large enough to travel by reference inside the form.
  photo: { name: 'foto.png', mimeType: 'image/png', buffer: Buffer.concat([PNG_1x1, Buffer.alloc(12_000)]) },
  text: { name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('no soy una imagen') },
  gif: { name: 'animacion.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') },
  // 2.5 MB declared as PNG: refused by size before it is read.
  huge: { name: 'enorme.png', mimeType: 'image/png', buffer: Buffer.concat([PNG_1x1, Buffer.alloc(2.5 * 1024 * 1024)]) },
};

/** From /demo to the attendee step with `quantity` General tickets (the demo has products: continue past them). */
async function openForm(page: Page, t: (key: string, vars?: Record<string, string | number>) => string, quantity = 1): Promise<void> {
  await startPurchase(page, t, { General: quantity });
  await expect(page).toHaveURL(/\/demo\/productos$/);
  await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
  await expect(page).toHaveURL(/\/demo\/form$/);
  await expect(page.getByRole('heading', { level: 1, name: t('checkout:form.title') })).toBeVisible();
}

/** The fieldset of one attendee ('General · Boleto 1 de 2'). */
function block(page: Page, t: (key: string, vars?: Record<string, string | number>) => string, index: number, count: number): Locator {
  return page.getByRole('group', { name: t('checkout:form.block', { name: 'General', index, count }), exact: true });
}

/** Asserts the field shows `message` (its accessible description, aria-invalid set). */
async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAccessibleDescription(new RegExp(escape(message)));
  await expect(field).toHaveAttribute('aria-invalid', 'true');
}

async function expectFieldOk(field: Locator): Promise<void> {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

inOneLanguagePerViewport((language) => {
  test.describe('attendee form', () => {
    test('each wrong answer shows its message on its field; images are checked; a reload keeps the draft; submit reaches the payment method', { tag: '@phone' }, async ({ page, t }) => {
      test.slow(); // the whole journey in one test: every field, three files, a reload and the submit
      page.on('dialog', (dialog) => void dialog.accept()); // the leave warning on reload
      await openForm(page, t, 1);
      const attendee = block(page, t, 1, 1);
      const field = (label: string) => attendee.getByLabel(label, { exact: false }).first();
      const nombre = field(LABEL.nombre);
      const correo = field(LABEL.correo);
      const edad = field(LABEL.edad);
      const telefono = field(LABEL.telefono);
      const genero = attendee.getByRole('combobox', { name: LABEL.genero });
      const curp = field(LABEL.curp);
      const foto = attendee.getByLabel(LABEL.foto, { exact: true });
      const terminos = attendee.getByRole('checkbox', { name: LABEL.terminos });

      // Nothing is shown before a field is touched.
      await expectFieldOk(nombre);

      // Field by field, wrong answers: each message appears on its own field once it is left.
      await nombre.fill('Al');
      await nombre.press('Tab');
      await expectFieldError(nombre, OPERATOR.nombreCorto);
      await expectFieldOk(correo); // focused, not yet left

      await correo.fill('ana@');
      await correo.press('Tab');
      await expectFieldError(correo, t('errors:attendee.email'));

      await edad.fill('15');
      await edad.press('Tab');
      await expectFieldError(edad, OPERATOR.menor);

      // Telephone keeps digits only.
      await telefono.pressSequentially('55-12 ab');
      await expect(telefono).toHaveValue('5512');
      await telefono.press('Tab');
      await expectFieldError(telefono, OPERATOR.telefono);

      await genero.focus();
      await genero.press('Tab');
      await expectFieldError(genero, t('errors:attendee.required'));

      await curp.fill('abc');
      await curp.press('Tab');
      await expectFieldError(curp, OPERATOR.curp);

      await terminos.check();
      await terminos.uncheck();
      await expectFieldError(terminos, t('errors:attendee.checkboxRequired'));

      // Images: type and size are judged before the file is read.
      await foto.setInputFiles(files.text);
      await expectFieldError(foto, t('errors:attendee.invalidImage'));
      await foto.setInputFiles(files.gif);
      await expectFieldError(foto, OPERATOR.fotoFormato);
      await foto.setInputFiles(files.huge);
      await expectFieldError(foto, OPERATOR.fotoPesada);

      await expectAccessible(page, `attendee form with errors [${language}]`);

      // Submitting now keeps the buyer here with the summary under the button.
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      await expect(page.getByText(t('checkout:form.hasErrors'))).toBeVisible();
      await expect(page).toHaveURL(/\/demo\/form$/);
      await expect(nombre).toBeFocused(); // the first field with an error

      // Fix half of it, then reload: the draft comes back.
      await nombre.fill('Ana López');
      await correo.fill('ana@example.mx');
      await edad.fill('28');
      await foto.setInputFiles(files.photo);
      await expect(attendee.getByRole('img', { name: formsText(language, 'fileImage.preview', { label: LABEL.foto }) })).toBeVisible();
      await expectFieldOk(foto);
      await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem('checkout') ?? '')).toContain('data:image/png;base64,');
      await page.reload();
      await expect(nombre).toHaveValue('Ana López');
      await expect(correo).toHaveValue('ana@example.mx');
      await expect(edad).toHaveValue('28');
      await expect(attendee.getByRole('img', { name: formsText(language, 'fileImage.preview', { label: LABEL.foto }) })).toBeVisible();

      // Fix the rest.
      await telefono.fill('5512345678');
      await genero.selectOption('Rock');
      await curp.fill('LOAA800101MDFPNN09');
      await terminos.check();
      await expect(page.getByText(t('checkout:form.hasErrors'))).toHaveCount(0);
      for (const input of [nombre, correo, edad, telefono, genero, curp, foto, terminos]) await expectFieldOk(input);

      const sent = page.waitForRequest((request) => request.url().endsWith('/api/payments/add-info-purchase'));
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      const body = (await sent).postDataJSON() as { purchase_id: string; form: Record<string, Record<string, unknown>[]> };
      expect(body.form['1']).toHaveLength(1);
      expect(body.form['1'][0]).toMatchObject({ nombre: 'Ana López', correo: 'ana@example.mx', edad: 28, telefono: '5512345678', genero_musical: 'Rock', curp: 'LOAA800101MDFPNN09', terminos: true });
      expect(String(body.form['1'][0].foto)).toMatch(/^data:image\/png;base64,/);
      expect(Buffer.from(String(body.form['1'][0].foto).split(',')[1], 'base64')).toEqual(files.photo.buffer);
      await expect(page).toHaveURL(/\/demo\/payment-method$/);
    });

    test('an answer over the default length cap shows the max-length message, and never the pattern’s', async ({ page, t }) => {
      await openForm(page, t, 1);
      // CURP has a pattern and no maxLength of its own: the default cap of 500 characters applies.
      const curp = block(page, t, 1, 1).getByLabel(LABEL.curp, { exact: false }).first();
      await curp.fill('A'.repeat(501));
      await curp.press('Tab');
      await expectFieldError(curp, t('errors:attendee.tooLong', { maxLength: 500 }));
      await expect(curp).not.toHaveAccessibleDescription(new RegExp(escape(OPERATOR.curp)));
    });

    test('one block per ticket unit; the server’s per-field errors land on their fields with the failure toast', async ({ page, t }) => {
      await openForm(page, t, 2);
      await expect(block(page, t, 1, 2)).toBeVisible();
      await expect(block(page, t, 2, 2)).toBeVisible();
      for (const index of [1, 2]) {
        const attendee = block(page, t, index, 2);
        await attendee.getByLabel(LABEL.nombre, { exact: false }).first().fill(`Asistente ${index}`);
        await attendee.getByLabel(LABEL.correo, { exact: false }).first().fill(`a${index}@example.mx`);
        await attendee.getByLabel(LABEL.edad, { exact: false }).first().fill('30');
        await attendee.getByLabel(LABEL.telefono, { exact: false }).first().fill('5512345678');
        await attendee.getByRole('combobox', { name: LABEL.genero }).selectOption('Pop');
        await attendee.getByRole('checkbox', { name: LABEL.terminos }).check();
      }
      // The server refuses the second attendee's e-mail (e.g. a rule the browser could not know yet).
      await page.route('**/api/payments/add-info-purchase', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ mensaje: 'Algún campo tiene error, verifica.', code: 'FORM_INVALID', errors: [{ path: '/1/1/correo', message: 'errors:attendee.email' }] }),
        }),
      );
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      const secondEmail = block(page, t, 2, 2).getByLabel(LABEL.correo, { exact: false }).first();
      await expectFieldError(secondEmail, t('errors:attendee.email'));
      await expectFieldOk(block(page, t, 1, 2).getByLabel(LABEL.correo, { exact: false }).first());
      await expect(page.getByText(t('api-errors:FORM_INVALID'))).toBeVisible(); // the refusal's code, said in the buyer's language, as toast
      await expect(page).toHaveURL(/\/demo\/form$/);
      // Changing the refused answer clears the server's verdict on it.
      await secondEmail.fill('otra@example.mx');
      await expectFieldOk(secondEmail);
    });

    test('one click on Continue right after typing a wrong answer submits (messages appearing on blur do not move the button)', async ({ page, t }) => {
      await openForm(page, t, 1);
      const attendee = block(page, t, 1, 1);
      await attendee.getByLabel(LABEL.telefono, { exact: false }).first().fill('55');
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      await expect(page.getByText(t('checkout:form.hasErrors'))).toBeVisible();
      await expectFieldError(attendee.getByLabel(LABEL.telefono, { exact: false }).first(), OPERATOR.telefono);
    });

    test('keyboard only: every field is reached in order with Tab and the form is sent with Enter', async ({ page, t }) => {
      await openForm(page, t, 1);
      const attendee = block(page, t, 1, 1);
      const nombre = attendee.getByLabel(LABEL.nombre, { exact: false }).first();
      await nombre.focus();
      await page.keyboard.type('Ana López');
      const steps: [Locator, () => Promise<void>][] = [
        [attendee.getByLabel(LABEL.correo, { exact: false }).first(), () => page.keyboard.type('ana@example.mx')],
        [attendee.getByLabel(LABEL.edad, { exact: false }).first(), () => page.keyboard.type('30')],
        [attendee.getByLabel(LABEL.telefono, { exact: false }).first(), () => page.keyboard.type('5512345678')],
        [attendee.getByRole('combobox', { name: LABEL.genero }), () => page.keyboard.press('ArrowDown')],
        [attendee.getByLabel(LABEL.curp, { exact: false }).first(), async () => undefined],
        [attendee.getByLabel(LABEL.foto, { exact: true }), async () => undefined],
        // Left unticked: its follow-up question (visible_when) stays hidden and out of the tab order.
        [attendee.getByRole('checkbox', { name: LABEL.accesible }), async () => undefined],
        [attendee.getByRole('checkbox', { name: LABEL.terminos }), () => page.keyboard.press('Space')],
      ];
      for (const [field, act] of steps) {
        await page.keyboard.press('Tab');
        await expect(field).toBeFocused();
        await act();
      }
      await expect(attendee.getByRole('combobox', { name: LABEL.genero })).not.toHaveValue('');
      await expect(attendee.getByRole('checkbox', { name: LABEL.terminos })).toBeChecked();
      const continueButton = page.getByRole('button', { name: t('checkout:actions.continue') });
      for (let i = 0; i < 8 && !(await continueButton.evaluate((node) => node === document.activeElement)); i += 1) await page.keyboard.press('Tab');
      await expect(continueButton).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/demo\/payment-method$/);
    });

    test('bare /{url} clears the draft; without a purchase the form sends the buyer to the tickets', async ({ page, t }) => {
      page.on('dialog', (dialog) => void dialog.accept());
      await openForm(page, t, 1);
      await block(page, t, 1, 1).getByLabel(LABEL.nombre, { exact: false }).first().fill('Ana');
      await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem('checkout') ?? '')).toContain('Ana');
      await page.goto('/demo');
      await expect(page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') })).toBeVisible();
      expect(await page.evaluate(() => window.sessionStorage.getItem('checkout'))).toBeNull();
      await page.goto('/demo/form');
      await expect(page).toHaveURL(/\/demo$/);
    });
  });
});
