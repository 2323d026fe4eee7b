import { chooseTickets, expect, inOneLanguagePerViewport, MAIN_SITE_PATH, test } from './support/fixtures';

/** The page's clock in the tests that drive it: installed at one time, paused a minute later (any times will do). */
const CLOCK_START = new Date('2026-03-01T12:00:00-06:00');
const CLOCK_PAUSED = new Date(CLOCK_START.getTime() + 60_000);

inOneLanguagePerViewport(() => {
  test.describe('not found', () => {
    test('an unknown path counts down from 2 and redirects to the main site', async ({ page, t }) => {
      // The page's clock stands still and the test moves it second by second: no real seconds
      // waited, and a busy machine cannot run two ticks at once before the first is read.
      await page.clock.install({ time: CLOCK_START });
      await page.clock.pauseAt(CLOCK_PAUSED);
      await page.goto('/demo/no-such-step');
      await expect(page.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible();
      const status = page.getByRole('status');
      await expect(status).toHaveText(t('notFound.redirecting_other', { count: 2 }));
      await page.clock.runFor(1000);
      await expect(status).toHaveText(t('notFound.redirecting_one', { count: 1 }));
      await page.clock.runFor(1000);
      await page.waitForURL(`**${MAIN_SITE_PATH}`);
    });

    test('an unknown event is logged and sent to / (the not-found page)', async ({ page, t }) => {
      await page.clock.install({ time: CLOCK_START });
      await page.clock.pauseAt(CLOCK_PAUSED);
      const logged: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') logged.push(message.text());
      });
      await page.goto('/evento-que-no-existe');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible();
      expect(logged.some((line) => line.includes('evento-que-no-existe'))).toBe(true);
      await page.clock.runFor(2000); // the not-found countdown
      await page.waitForURL(`**${MAIN_SITE_PATH}`);
    });
  });

  test.describe('route error', () => {
    test('a step that fails to load shows the error, a main-site link and a prefilled support mail', async ({ page, t }) => {
      await page.route('**/assets/ProductsPage-*.js', (route) => route.abort());
      await page.goto('/demo');
      await chooseTickets(page, t, 'VIP', 1);
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      await expect(page.getByRole('heading', { level: 1, name: t('routeError.heading') })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: t('routeError.fallbackStatus'), exact: true })).toBeVisible();
      await expect(page.getByText(/dynamically imported module/)).toBeVisible();
      await expect(page.getByRole('link', { name: t('routeError.backToMain') })).toHaveAttribute('href', new RegExp(`${MAIN_SITE_PATH}$`));
      const mail = page.getByRole('link', { name: t('routeError.contactSupport') });
      await expect(mail).toHaveAttribute('href', /^mailto:soporte@boletos\.example\.mx\?subject=.+&body=.*dynamically/);
    });
  });

  test.describe('request failures', () => {
    test('new purchase: the server mensaje, or the support hint with "Click aqui" to the help page', async ({ page, t }) => {
      await page.goto('/demo');
      await chooseTickets(page, t, 'General', 1);
      const continueButton = page.getByRole('button', { name: t('checkout:actions.continue') });

      await page.route('**/api/payments/new-purchase', (route) => route.fulfill({ status: 409, json: { mensaje: 'Ya no hay boletos suficientes', code: 'SOLD_OUT' } }), { times: 1 });
      await continueButton.click();
      await expect(page.getByText('Ya no hay boletos suficientes')).toBeVisible();
      await expect(page).toHaveURL(/\/demo$/);

      await page.route('**/api/payments/new-purchase', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }), { times: 1 });
      await continueButton.click();
      await expect(page.getByText(t('errors:requestFailed.title'))).toBeVisible();
      await expect(page.getByText(t('errors:requestFailed.description'))).toBeVisible();
      await expect(page.getByRole('link', { name: t('errors:requestFailed.action') })).toHaveAttribute('href', new RegExp(`${MAIN_SITE_PATH}/ayuda$`));
      await expect(continueButton).toBeEnabled();
    });

    test('401 and 429 raise their own toasts', async ({ page, t }) => {
      await page.goto('/demo');
      await chooseTickets(page, t, 'General', 1);
      const continueButton = page.getByRole('button', { name: t('checkout:actions.continue') });
      await page.route('**/api/payments/new-purchase', (route) => route.fulfill({ status: 401, json: { mensaje: 'x', code: 'UNAUTHORIZED' } }), { times: 1 });
      await continueButton.click();
      await expect(page.getByText(t('errors:unauthorized'))).toBeVisible();
      await expect(page.getByText('x', { exact: true })).toHaveCount(0);

      await page.route('**/api/payments/new-purchase', (route) => route.fulfill({ status: 429, json: { mensaje: 'Rate limit exceeded', code: 'RATE_LIMITED' } }), { times: 1 });
      await continueButton.click();
      await expect(page.getByText(t('errors:tooManyRequests'))).toBeVisible();
    });

    test("reCAPTCHA that cannot load: 'reCAPTCHA no cargado aún' and no purchase", async ({ page, t }) => {
      await page.route('**/api/config', (route) =>
        route.fulfill({ json: { botCheck: { provider: 'recaptcha', siteKey: 'test-site-key', scriptUrl: 'https://www.google.com/recaptcha/api.js' }, mainSiteUrl: `http://127.0.0.1/${MAIN_SITE_PATH}`, supportEmail: 'soporte@boletos.example.mx', helpUrl: 'http://127.0.0.1/ayuda' } }),
      );
      // The server's CSP only allows Google's hosts when it is configured for reCAPTCHA; here it is
      // not, so the browser refuses the script (or the route aborts it): either way it cannot load.
      let scriptRequested = false;
      await page.route('https://www.google.com/recaptcha/**', (route) => {
        scriptRequested = true;
        return route.abort();
      });
      page.on('console', (message) => {
        if (message.text().includes('recaptcha/api.js?render=test-site-key')) scriptRequested = true;
      });
      let purchases = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/payments/new-purchase')) purchases += 1;
      });
      await page.goto('/demo');
      expect(scriptRequested).toBe(false); // loaded on demand only
      await chooseTickets(page, t, 'General', 1);
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      await expect(page.getByText(t('errors:botCheckNotLoaded'))).toBeVisible();
      await expect.poll(() => scriptRequested).toBe(true);
      expect(purchases).toBe(0);
    });
  });
});
