import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { botCheckToken, expect, expectAccessible, test } from './support/fixtures';
import { emailsTo, emailText } from './payments-helpers';
import { signInAsOwner } from './support/admin';

const admin = JSON.parse(readFileSync(fileURLToPath(new URL('../../locales/es/admin.json', import.meta.url)), 'utf8')) as { waitingList: Record<string, string> & { states: Record<string, string> } };

/** An event whose one ticket type has a single place and a waiting list, imported through the admin API. */
const SLUG = 'lista-espera-e2e';
const event = {
  url: SLUG,
  hold_minutes: 15,
  waiting_list: { enabled: true, offer_hours: 24 },
  event: { name: 'Lista de espera E2E', config: { comission_percentage: 0.1, absorb: 'customer', currency: 'MXN', metodo_pago_paypal: true } },
  tickets: [{ id: 1, name: 'General', price: 100, minimum: 1, maximum: 4, capacity: 1 }],
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const imported = await request.put(`/api/admin/events/${SLUG}`, { headers: { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` }, data: event });
  expect([200, 201], await imported.text()).toContain(imported.status());
  // Somebody holds the only place: the type is sold out.
  const held = await request.post('/api/payments/new-purchase', { data: { url: SLUG, token: await botCheckToken(request, 'new_purchase'), tickets: [{ ticket_id: 1, cantidad: 1 }] } });
  expect(held.status(), await held.text()).toBe(200);
});

test('a sold-out type offers the waiting list; the buyer joins and confirms by the e-mail link', async ({ page, t }) => {
  const email = `lista-${Date.now()}@example.mx`;
  await page.goto(`/${SLUG}`);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'General' }) });
  await expect(row.getByText(t('checkout:tickets.soldOut'))).toBeVisible();
  await row.getByRole('button', { name: t('checkout:tickets.notifyMeOf', { name: 'General' }) }).click();

  const dialog = page.getByRole('dialog', { name: t('waitinglist:dialog.title', { name: 'General' }) });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'the waiting-list dialog');
  await dialog.getByRole('textbox', { name: t('waitinglist:dialog.email') }).fill(email);
  await dialog.getByRole('combobox', { name: t('waitinglist:dialog.quantity') }).selectOption('2');
  await dialog.getByRole('button', { name: t('waitinglist:dialog.submit') }).click();
  await expect(dialog.getByRole('status')).toHaveText(t('waitinglist:dialog.sent', { email }));
  await expectAccessible(page, 'the waiting list joined');
  await dialog.getByRole('button', { name: t('waitinglist:dialog.close') }).click();
  await expect(dialog).toHaveCount(0);

  // The confirmation e-mail's link puts the buyer in line, first.
  await expect.poll(() => emailsTo(email).length).toBe(1);
  const link = new RegExp(`/${SLUG}/waiting-list#key=\\S+`).exec(emailText(emailsTo(email)[0]))?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: t('waitinglist:confirm.title') })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(t('waitinglist:confirm.inLine', { count: 2, ticket: 'General', event: event.event.name, place: 1 }));
  // The key left the address bar.
  expect(new URL(page.url()).hash).toBe('');
  await expectAccessible(page, 'the waiting-list confirmation page');
});

test('the console lists the line with each entry\'s state and place', async ({ page, baseURL }) => {
  await signInAsOwner(page, baseURL!);
  await page.goto('/admin/waiting-lists');
  await expect(page.getByRole('heading', { level: 1, name: admin.waitingList.title })).toBeVisible();
  await page.getByLabel(admin.waitingList.event).click();
  await page.getByRole('option', { name: event.event.name }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'General' })).toBeVisible();
  const table = page.getByRole('table', { name: admin.waitingList.tableOf.replace('{{name}}', 'General') });
  await expect(table.getByRole('row').nth(1)).toContainText(admin.waitingList.states.waiting);
  await expectAccessible(page, 'the console\'s waiting list');
  // With UPDATE_SCREENSHOTS=1, the page as the README shows it (desktop 1280×800).
  if (process.env.UPDATE_SCREENSHOTS === '1') await page.screenshot({ path: fileURLToPath(new URL('../../docs/images/console-waiting-list.png', import.meta.url)) });
});
