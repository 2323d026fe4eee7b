import { request as apiRequest, type Page } from '@playwright/test';
import { botCheckToken, chooseTickets, expect, expectAccessible, test } from './support/fixtures';
import { fillBuyer, openMethod, uniqueBuyer } from './payments-helpers';

const admin = { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` };

/** A free event with a waiting room (its own url per run: the room's queue is the database's). */
const roomEvent = (url: string) => ({
  url,
  event: { name: 'Estreno con sala de espera', config: { metodo_pago_free: true } },
  tickets: [{ id: 1, name: 'Entrada de estreno', price: 0, minimum: 1, maximum: 4, capacity: 1000 }],
  waiting_room: { mode: 'always', admit_per_minute: 1, session_minutes: 10 },
});

/** The page reads its place again, as when a phone wakes up (instead of waiting for the stream's next 10 s). */
const wakeUp = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

test('waiting room: the buyer waits, sees the place fall, is let in and buys', async ({ page, t, baseURL }) => {
  test.setTimeout(90_000);
  const url = `sala-${Date.now().toString(36)}`;
  const imported = await page.request.put(`/api/admin/events/${url}`, { data: roomEvent(url), headers: admin });
  expect(imported.status(), await imported.text()).toBeLessThan(300);

  // Two browsers ahead of the buyer, each with its own cookie and bot-check verdict.
  for (let i = 0; i < 2; i++) {
    const other = await apiRequest.newContext({ baseURL });
    const joined = await other.post(`/api/waiting-room/${url}/join`, { data: { token: await botCheckToken(other, 'waiting_room') } });
    expect(joined.status(), await joined.text()).toBe(200);
    await other.dispose();
  }

  await page.goto(`/${url}`);
  await expect(page.getByRole('heading', { level: 1, name: t('checkout:waitingRoom.title') })).toBeVisible();
  const place = page.getByTestId('waiting-room-place');
  await expect(place).toHaveText(t('checkout:waitingRoom.place', { place: 3 }));
  await expect(page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') })).toHaveCount(0);
  await expectAccessible(page, 'waiting room');

  // A reload keeps the place.
  await page.reload();
  await expect(place).toHaveText(t('checkout:waitingRoom.place', { place: 3 }));

  // The operator raises the rate live: one place every 5 s. The place falls (to 2, or to 1 on a busy machine
  // that reads it late), the buyer still waiting.
  const changed = await page.request.put(`/api/admin/events/${url}/waiting-room`, { data: { admit_per_minute: 12 }, headers: admin });
  expect(changed.status(), await changed.text()).toBe(200);
  const fallen = new RegExp(`^${t('checkout:waitingRoom.place', { place: 9 }).replace('9', '[12]')}$`);
  await expect(async () => {
    await wakeUp(page);
    await expect(place).toHaveText(fallen, { timeout: 500 });
  }).toPass({ timeout: 20_000 });

  // Then fast enough for the buyer's turn: the ticket page replaces the room.
  await page.request.put(`/api/admin/events/${url}/waiting-room`, { data: { admit_per_minute: 100_000 }, headers: admin });
  await expect(async () => {
    await wakeUp(page);
    await expect(page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });

  await chooseTickets(page, t, 'Entrada de estreno', 1);
  const purchase = page.waitForRequest((r) => r.url().endsWith('/api/payments/new-purchase'));
  await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
  // The admission pass travels with the purchase.
  expect((await purchase).postDataJSON()).toMatchObject({ url, turno: expect.stringMatching(/^\d+\.\d+\./) });
  await expect(page).toHaveURL(new RegExp(`/${url}/payment-method$`));
  const panel = await openMethod(page, t, 'free');
  await fillBuyer(panel, t, uniqueBuyer('sala'));
  await panel.getByRole('button', { name: t('payments:methods.free.submit') }).click();
  await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
});
