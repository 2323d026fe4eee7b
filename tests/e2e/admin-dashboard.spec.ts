import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { signInAsOwner } from './support/admin';
import { expect, expectAccessible, test } from './support/fixtures';
import { paidOrder } from './support/free-order';

const es = JSON.parse(readFileSync(fileURLToPath(new URL('../../locales/es/admin.json', import.meta.url)), 'utf8'));
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_all, key: string) => String(values[key]));

test.describe.configure({ timeout: 120_000 });

/** With UPDATE_SCREENSHOTS=1, the page as the README shows it (desktop 1280×800). */
async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/images/console-${name}.png`, import.meta.url)) });
}

/** A local receiver of webhook messages: what each POST carried. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, close: () => new Promise((resolve) => server.close(resolve)) };
}

test('an owner sees a sale on the dashboard and the next one live, adds a webhook endpoint and tests it, opens the mail page', async ({ page, baseURL }) => {
  await paidOrder(page.request);
  await signInAsOwner(page, baseURL!);
  const events = (await (await page.request.get('/api/admin/events')).json()) as { events: { url: string; name: string }[] };
  const freeEvent = events.events.find((event) => event.url === 'demo-free')!;

  // The dashboard: the event chosen by keyboard, the figures' numbers shown, the sale in the ticket types' table.
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: es.dashboard.title })).toBeVisible();
  await page.getByRole('combobox', { name: es.dashboard.event }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: freeEvent.name }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: es.dashboard.live })).toBeVisible({ timeout: 20_000 });
  const byType = page.getByRole('table', { name: es.dashboard.byType.caption });
  const sold = byType.getByRole('row', { name: /Entrada libre/ }).getByRole('cell').nth(1);
  await expect(sold).toHaveText(/^[1-9]\d*$/);
  const soldBefore = Number(await sold.textContent());
  const showNumbers = page.getByRole('button', { name: es.dashboard.showNumbers }).nth(2);
  await showNumbers.focus();
  await page.keyboard.press('Enter');
  await expect(byType).toBeVisible();
  await expect(page.getByRole('table', { name: es.dashboard.conversion.title }).getByRole('row', { name: new RegExp(`^${es.dashboard.conversion.paid}`) })).toBeVisible();
  await page.getByRole('button', { name: es.dashboard.perDay }).press('Space');
  await expect(page.getByRole('button', { name: es.dashboard.perDay })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table', { name: es.dashboard.sales.caption.day })).toBeAttached();
  await expectAccessible(page, 'the dashboard');
  await screenshot(page, 'dashboard');

  // Another paid order: the figures change without a reload (the live stream).
  await paidOrder(page.request);
  await expect.poll(async () => Number(await sold.textContent()), { timeout: 30_000 }).toBeGreaterThanOrEqual(soldBefore + 2);

  // Webhooks, reached from the nav by keyboard: an endpoint to a local receiver, its secret shown once, a test delivered.
  const receiver = await startReceiver();
  try {
    await page.getByRole('navigation', { name: es.nav.label }).getByRole('link', { name: es.nav.webhooks }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: es.webhooks.title })).toBeVisible();
    await page.getByRole('textbox', { name: es.webhooks.description }).fill('CRM de prueba');
    await page.getByRole('checkbox', { name: 'ticket.checked_in' }).check();
    await page.getByRole('textbox', { name: es.webhooks.url }).fill(receiver.url);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: fill(es.webhooks.done.created, { url: receiver.url }) })).toBeVisible();
    await expect(page.getByRole('textbox', { name: es.webhooks.url })).toHaveValue('');
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByText(es.webhooks.secret.warning)).toBeVisible();
    await expectAccessible(page, 'the webhooks page with a new secret');
    await page.getByRole('button', { name: es.webhooks.secret.done }).click();
    await expect(page.getByText(secret)).toHaveCount(0);

    const endpoints = page.getByRole('table', { name: es.webhooks.endpoints });
    await expect(endpoints.getByRole('row', { name: new RegExp(receiver.url) })).toContainText('order.paid, ticket.checked_in');
    await page.getByRole('button', { name: `${es.webhooks.action.test}: ${receiver.url}` }).click();
    const delivered = es.webhooks.deliveries.statuses.delivered;
    await expect(page.getByRole('status').filter({ hasText: fill(es.webhooks.done.tested, { url: receiver.url, status: delivered }) })).toBeVisible();
    const deliveries = page.getByRole('table', { name: fill(es.webhooks.deliveries.title, { url: receiver.url }) });
    await expect(deliveries.getByRole('row', { name: /webhook\.test/ })).toContainText(delivered);
    await expect(deliveries.getByRole('row', { name: /webhook\.test/ })).toContainText('HTTP 204');
    const message = receiver.received.find((one) => one.body.includes('"webhook.test"'))!;
    expect(new Webhook(secret).verify(message.body, message.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test' });
    await expectAccessible(page, 'the webhooks page with deliveries');
    await screenshot(page, 'webhooks');

    // Deleting asks first.
    await page.getByRole('button', { name: `${es.webhooks.action.delete}: ${receiver.url}` }).click();
    await expect(page.getByRole('dialog', { name: es.webhooks.delete.title })).toBeVisible();
    await page.getByRole('button', { name: es.webhooks.delete.confirm, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: fill(es.webhooks.done.deleted, { url: receiver.url }) })).toBeVisible();
  } finally {
    await receiver.close();
  }

  // Mail: the dead letters (none in this run's database unless a mail failed).
  await page.goto('/admin/mail');
  await expect(page.getByRole('heading', { level: 1, name: es.mail.title })).toBeVisible();
  await expect(page.getByText(es.mail.empty).or(page.getByRole('table', { name: es.mail.title }))).toBeVisible();
  await expectAccessible(page, 'the mail page');
  await screenshot(page, 'mail');
});
