import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures';
import { openHeldPaymentStep, openMethod, type T } from './payments-helpers';

// Whole purchases through the PayPal sandbox: desktop only, like the other provider round trips.
test.beforeEach(({}, info) => test.skip(info.project.name === 'phone', 'provider round trips run on desktop only'));
test.describe.configure({ timeout: 60_000 });

/** A purchase of the demo paid with the PayPal sandbox, up to the thank-you page. */
async function paidThankYouPage(page: Page, t: T, tickets: Record<string, number>): Promise<void> {
  await page.clock.install();
  await openHeldPaymentStep(page, t, tickets);
  const panel = await openMethod(page, t, 'paypal');
  await panel.getByRole('button', { name: t('payments:methods.paypal.submit') }).click();
  await page.getByRole('button', { name: 'Aprobar pago' }).click();
  await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
  await page.clock.runFor(3000);
  await expect(page.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible({ timeout: 6000 });
}

/** The unfolded properties of the one VEVENT of a calendar file. */
function veventOf(ics: string): Record<string, string> {
  const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  const inside = lines.slice(lines.indexOf('BEGIN:VEVENT') + 1, lines.indexOf('END:VEVENT'));
  return Object.fromEntries(inside.map((line) => [line.slice(0, line.indexOf(':')).split(';')[0], line.slice(line.indexOf(':') + 1)]));
}

test('thank-you page: "Add to calendar" downloads the event\'s calendar file', async ({ page, t }) => {
  await paidThankYouPage(page, t, { VIP: 1 });
  const link = page.getByRole('link', { name: t('payments:status.calendar') });
  await expect(link).toBeVisible();
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('demo.ics');
  const ics = readFileSync(await download.path(), 'utf8');
  expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(ics).toContain('\r\nMETHOD:PUBLISH\r\n');
  const event = veventOf(ics);
  expect(event.SUMMARY).toBe('Festival Marea Sonora 2026 · Parque Bicentenario\\, CDMX');
  // The demo starts 2026-03-14 at 13:00, Mexico City (-06:00).
  expect(event.DTSTART).toBe('20260314T190000Z');
  expect(event.LOCATION).toMatch(/^Parque Bicentenario\\, /);
  expect(event.URL).toMatch(/\/demo$/);
  await expectAccessible(page, 'thank-you page with the calendar link');
});
