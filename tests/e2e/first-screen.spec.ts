import { expect, expectAccessible, holdPurchase, test } from './support/fixtures';

declare global {
  interface Window {
    /** What #root held when the storefront first put anything in it. */
    __firstView?: string;
    __layoutShift?: number;
  }
}

/** Heading levels in document order, and whether any step down skips a level (h1 → h3). */
async function headingSkips(page: import('@playwright/test').Page): Promise<string[]> {
  const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((nodes) => nodes.map((node) => Number(node.tagName[1])));
  const skips: string[] = [];
  levels.forEach((level, index) => {
    const before = index === 0 ? 0 : levels[index - 1];
    if (level > before + 1) skips.push(`h${before} → h${level}`);
  });
  return skips;
}

test('the first view of /demo shows the event and its tickets at once, with no layout shift; headings in order and axe on every screen', async ({ page }) => {
  await page.addInitScript(() => {
    window.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) window.__layoutShift! += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver((_records, observer) => {
      const root = document.getElementById('root');
      if (root && root.childNodes.length > 0) {
        window.__firstView = root.textContent ?? '';
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const eventRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/event/')) eventRequests.push(request.url());
  });

  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 2, name: 'General' })).toBeVisible();
  const firstView = await page.evaluate(() => window.__firstView ?? '');
  expect(firstView).toContain('Festival Marea Sonora 2027');
  expect(firstView).toContain('General');
  expect(firstView).toContain('VIP');
  expect(eventRequests, 'the event comes inlined in the page').toEqual([]);
  await expect(page).toHaveTitle('Festival Marea Sonora 2027 · Parque Bicentenario, CDMX · boletos');
  // Let late work (the config request, fonts, idle chunks) land before adding up the shifts.
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => window.__layoutShift)).toBeLessThanOrEqual(0.02);
  expect(await headingSkips(page)).toEqual([]);
  await expectAccessible(page, 'ticket page (first view)');

  // A General ticket has attendee fields; a VIP one goes straight to the payment step.
  for (const [tickets, path, heading] of [
    [{ General: 1 }, '/demo/form', /Asigna tus boletos/],
    [{ VIP: 1 }, '/demo/payment-method', /Elige tu método de pago/],
  ] as const) {
    await holdPurchase(page, tickets, path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await headingSkips(page), path).toEqual([]);
    await expectAccessible(page, path);
  }
});
