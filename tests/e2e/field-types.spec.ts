import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, holdPurchase, inOneLanguagePerViewport, test, type Language } from './support/fixtures';

/**
 * The fixture event with every new field type and both kinds of condition, imported through the
 * admin API (the e2e server runs with ADMIN_TOKEN); labels are the operator's Spanish words.
 */
const event = JSON.parse(readFileSync(new URL('../fixtures/events/field-types.event.json', import.meta.url), 'utf8')) as { url: string };
const FORM_PATH = `/${event.url}/form`;

// One worker, one import: a re-import while another test holds a purchase would change the event under it.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const imported = await request.put(`/api/admin/events/${event.url}`, {
    headers: { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` },
    data: event,
  });
  expect([200, 201], await imported.text()).toContain(imported.status());
});

async function openForm(page: Page, t: (key: string, vars?: Record<string, string | number>) => string) {
  await holdPurchase(page, { Congresista: 1 }, FORM_PATH, event.url);
  await expect(page.getByRole('heading', { level: 1, name: t('checkout:form.title') })).toBeVisible();
  return page.getByRole('group', { name: t('checkout:form.block', { name: 'Congresista', index: 1, count: 1 }), exact: true });
}

const SPELLED = { es: '17 de mayo de 1990', en: 'May 17, 1990' } satisfies Record<Language, string>;

inOneLanguagePerViewport((language) => {
  test.describe('new field types and conditions', () => {
    test('a conditional field appears and disappears with its answer, and a hidden answer is never sent', async ({ page, t }) => {
      const form = await openForm(page, t);
      const perfil = form.getByRole('combobox', { name: 'Perfil' });
      const escuela = form.getByRole('textbox', { name: 'Escuela' });
      await expect(escuela).toHaveCount(0);
      await perfil.selectOption('Estudiante');
      await escuela.fill('UNAM');
      await perfil.selectOption('Profesional');
      await expect(escuela).toHaveCount(0);
      await perfil.selectOption('Docente');
      // Shown again, empty: the answer went with the field.
      await expect(escuela).toHaveValue('');
      await escuela.fill('IPN');

      // The checkbox by keyboard: Space shows the textarea, Space again hides it and drops what was typed.
      const accesible = form.getByRole('checkbox', { name: '¿Necesitas un lugar accesible?' });
      const necesidades = form.getByRole('textbox', { name: 'Cuéntanos qué necesitas' });
      await accesible.focus();
      await page.keyboard.press('Space');
      await expect(necesidades).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(necesidades).toBeFocused();
      await page.keyboard.type('Rampa');
      await expect(form.getByText(t('forms:textarea.count', { used: 5, max: 200 }))).toBeVisible();
      await accesible.focus();
      await page.keyboard.press('Space');
      await expect(necesidades).toHaveCount(0);

      await form.getByRole('textbox', { name: 'Nombre completo' }).fill('Ana López');
      await form.getByLabel('Fecha de nacimiento').fill('1990-05-17');
      await expect(form.getByText(SPELLED[language])).toBeVisible();
      await form.getByRole('combobox', { name: 'País de residencia' }).selectOption('MX');
      await perfil.selectOption('Profesional');

      const sent = page.waitForRequest((request) => request.url().endsWith('/api/payments/add-info-purchase'));
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      const answers = (sent.then((request) => request.postDataJSON() as { form: Record<string, Record<string, unknown>[]> }));
      const attendee = (await answers).form['1'][0];
      expect(attendee).toMatchObject({ nombre: 'Ana López', nacimiento: '1990-05-17', pais: 'MX', perfil: 'Profesional' });
      expect(attendee).not.toHaveProperty('escuela');
      expect(attendee).not.toHaveProperty('necesidades');
      await expect(page).toHaveURL(new RegExp(`/${event.url}/payment-method$`));
    });

    test('keyboard on the new widgets, their messages, and axe', async ({ page, t }) => {
      test.slow(); // an axe scan of a form with a 249-country select takes a while on a busy machine
      const form = await openForm(page, t);

      // Country: a native select, Mexico first, names in the page's language.
      const pais = form.getByRole('combobox', { name: 'País de residencia' });
      // Waits for the list (the widget comes with the lazily loaded form parts) before reading it all.
      await expect(pais.locator('option').nth(1)).toHaveText(language === 'es' ? 'México' : 'Mexico');
      const names = await pais.locator('option').allTextContents();
      expect(names[1]).toBe(language === 'es' ? 'México' : 'Mexico');
      expect(names).toContain(language === 'es' ? 'Alemania' : 'Germany');
      await pais.focus();
      await page.keyboard.press('ArrowDown');
      await expect(pais).toHaveValue('MX');

      // Multiselect: one checkbox per option in a named group; Tab and Space choose.
      const talleres = form.getByRole('group', { name: 'Talleres' });
      await talleres.getByRole('checkbox', { name: 'Datos' }).focus();
      await page.keyboard.press('Space');
      await expect(talleres.getByRole('checkbox', { name: 'Datos' })).toBeChecked();
      await page.keyboard.press('Tab');
      await expect(talleres.getByRole('checkbox', { name: 'Diseño' })).toBeFocused();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await expect(talleres.getByRole('checkbox', { name: 'Cocina' })).toBeChecked();

      // CURP: typed in lower case, written in upper case; a wrong check digit has its own message.
      const curp = form.getByRole('textbox', { name: 'CURP' });
      await curp.focus();
      await page.keyboard.type('hegg560427mvzrrl05');
      await expect(curp).toHaveValue('HEGG560427MVZRRL05');
      await page.keyboard.press('Tab');
      await expect(curp).toHaveAccessibleDescription(new RegExp(t('errors:attendee.curpCheckDigit').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await curp.fill('HEGG560427MVZRRL04');
      await expect(curp).not.toHaveAttribute('aria-invalid', 'true');

      // Date: the operator's bound message once a too-late date is chosen.
      const nacimiento = form.getByLabel('Fecha de nacimiento');
      await nacimiento.fill('2015-01-01');
      await expect(nacimiento).toHaveAccessibleDescription(/Debes haber nacido en 2010 o antes/);

      // Every conditional field shown, so axe sees every new widget.
      await form.getByRole('combobox', { name: 'Perfil' }).selectOption('Estudiante');
      await form.getByRole('checkbox', { name: '¿Necesitas un lugar accesible?' }).check();
      await expect(form.getByRole('textbox', { name: 'Cuéntanos qué necesitas' })).toBeVisible();
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      await expect(form.getByRole('textbox', { name: 'Escuela' })).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, `new field types (${language})`);
    });
  });
}, 'es');
