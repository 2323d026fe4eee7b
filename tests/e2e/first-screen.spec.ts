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

/** Adds up the page's layout shifts (window.__layoutShift) and keeps what #root first held (window.__firstView), on every load. */
async function watchFirstView(page: import('@playwright/test').Page): Promise<void> {
  await page.addInitScript(() => {
    window.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) window.__layoutShift! += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // What #root holds once the HTML is parsed, before any script of the page runs: the parser sets 'interactive'
    // and only then runs the deferred module scripts (React). A mutation seen earlier may be a half-parsed #root.
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive' && window.__firstView === undefined) window.__firstView = document.getElementById('root')?.textContent ?? '';
    });
  });
}

/** Where the texts are drawn (the first visible match of each, exactly that text: a hidden copy, e.g. a live region's, is not drawn). */
async function placesOf(page: import('@playwright/test').Page, texts: string[]): Promise<Record<string, { x: number; y: number; width: number; height: number } | null>> {
  const places: Record<string, { x: number; y: number; width: number; height: number } | null> = {};
  for (const text of texts) places[text] = await page.getByText(text, { exact: true }).filter({ visible: true }).first().boundingBox();
  return places;
}

// The first two rows: their places do not depend on stock another test may sell meanwhile.
const DRAWN = ['Festival Marea Sonora 2027 · Parque Bicentenario, CDMX', 'Elige tus boletos', 'General', '$350.00', 'VIP', '$1,200.00'];

/** A held purchase's steps and their headings: a General ticket has attendee fields; a VIP one goes straight to the payment step. */
const HELD_STEPS = [
  [{ General: 1 }, '/demo/form', /Asigna tus boletos/],
  [{ VIP: 1 }, '/demo/payment-method', /Elige tu método de pago/],
] as const;

/** The held steps' heading and introduction, which the server's first view draws too. */
const HELD_HEADINGS: Record<(typeof HELD_STEPS)[number][1], [string, string]> = {
  '/demo/form': ['Asigna tus boletos', 'Escribe los datos de cada asistente. Los campos con * son obligatorios.'],
  '/demo/payment-method': ['Elige tu método de pago', 'Elige cómo quieres pagar. Te enviaremos tus boletos al correo que escribas.'],
};
/** What the step's page itself shows once loaded (its heading panel is there before it). */
const HELD_PAGE_DRAWN: Record<(typeof HELD_STEPS)[number][1], string> = {
  '/demo/form': 'form input',
  '/demo/payment-method': '[role="group"]',
};

test('the first paint comes from the HTML: the event and its tickets before the JavaScript, where React then draws them, and nothing shifts on /demo or on a held purchase\'s steps', { tag: '@phone' }, async ({ page }) => {
  // Without the JavaScript the page already shows the event and its ticket rows.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/demo');
  await expect(page.getByText('General', { exact: true })).toBeVisible();
  const staticPlaces = await placesOf(page, DRAWN);
  await page.unroute('**/assets/*.js');

  await watchFirstView(page);
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
  // React's first render puts each text where the static view drew it (within a pixel).
  const reactPlaces = await placesOf(page, DRAWN);
  for (const text of DRAWN) {
    for (const side of ['x', 'y', 'width', 'height'] as const) {
      expect(Math.abs(reactPlaces[text]![side] - staticPlaces[text]![side]), `${text}: ${side}`).toBeLessThanOrEqual(1);
    }
  }
  // Let late work (the config request, fonts, idle chunks) land before adding up the shifts.
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => window.__layoutShift)).toBeLessThanOrEqual(0.02);
  // The first screen's MUI styles come with the page's head (src/server/storefront/first-view-emotion.ts):
  // emotion compiled none of them in the browser (its own sheets, `data-emotion="css"`, stay empty).
  const compiled = await page.evaluate(() => [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion="css"]')].reduce((n, style) => n + (style.sheet?.cssRules.length ?? 0), 0));
  expect(compiled, 'MUI rules the head lacks: run scripts/capture-first-view-emotion.ts again (see its comment)').toBe(0);

  // Opened afresh with a held purchase (as after a refresh): restoring it moves nothing on the
  // phone's screen, where buyers arrive. (On the desktop the footer still shows under the short
  // loading page and moves when the step arrives.)
  if (test.info().project.name !== 'phone') return;
  for (const [tickets, path, heading] of HELD_STEPS) {
    // The step's heading panel comes from the HTML too, and React's page draws it at the same place.
    const [title, intro] = HELD_HEADINGS[path];
    await page.route('**/assets/*.js', (route) => route.abort());
    await holdPurchase(page, tickets, path);
    await expect(page.getByText(title, { exact: true })).toBeVisible();
    const staticHeld = await placesOf(page, [title, intro]);
    await page.unroute('**/assets/*.js');

    await holdPurchase(page, tickets, path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator(HELD_PAGE_DRAWN[path]).first()).toBeVisible();
    // The loading panel hands over to the page's own (its nodes replaced): measure until both texts are drawn.
    let reactHeld: Awaited<ReturnType<typeof placesOf>> = {};
    await expect.poll(async () => {
      reactHeld = await placesOf(page, [title, intro]);
      return reactHeld[title] !== null && reactHeld[intro] !== null;
    }, { message: `${path}: the step's heading and introduction drawn by React` }).toBe(true);
    for (const text of [title, intro]) {
      expect(staticHeld[text], `${path} ${text}: drawn from the HTML`).not.toBeNull();
      expect(reactHeld[text], `${path} ${text}: drawn by React`).not.toBeNull();
      for (const side of ['x', 'y', 'width', 'height'] as const) {
        expect(Math.abs(reactHeld[text]![side] - staticHeld[text]![side]), `${path} ${text}: ${side}`).toBeLessThanOrEqual(1);
      }
    }
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.__layoutShift), path).toBeLessThanOrEqual(0.02);
  }
});

test('headings in order and axe on every screen: the ticket page, the attendee form and the payment step', async ({ page }) => {
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 2, name: 'General' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await headingSkips(page)).toEqual([]);
  await expectAccessible(page, 'ticket page (first view)');

  for (const [tickets, path, heading] of HELD_STEPS) {
    await holdPurchase(page, tickets, path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await headingSkips(page), path).toEqual([]);
    await expectAccessible(page, path);
  }
});
