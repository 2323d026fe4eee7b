import { changeDemoEvent, chooseTickets, expect, inOneLanguagePerViewport, test } from './support/fixtures';

inOneLanguagePerViewport(() => {
  test.describe('ticket selection', () => {
    test('shows the event header, the ticket rows with prices, sold out and more information', { tag: '@phone' }, async ({ page, t }) => {
      await page.goto('/demo');
      await expect(page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') })).toBeVisible();
      await expect(page.getByRole('img', { name: t('header.logoAlt', { name: 'Festival Marea Sonora 2027 · Parque Bicentenario, CDMX' }) })).toBeVisible();
      await expect(page.getByRole('banner').getByText('Festival Marea Sonora 2027')).toBeVisible();

      const tickets = page.getByRole('list', { name: t('checkout:tickets.listLabel') });
      const general = tickets.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'General' }) });
      await expect(general.getByText('$350.00')).toBeVisible();
      const vip = tickets.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'VIP' }) });
      await expect(vip.getByText('$1,200.00')).toBeVisible();
      // 0 plus minimum..maximum (VIP: 1..4).
      await expect(vip.getByRole('combobox').locator('option')).toHaveText(['0', '1', '2', '3', '4']);

      const preventa = tickets.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Preventa' }) });
      await expect(preventa.getByText(t('checkout:tickets.soldOut'), { exact: true })).toBeVisible();
      await expect(preventa.getByRole('combobox')).toHaveCount(0);

      // The hidden courtesy ticket only appears with its link's access code
      await expect(tickets.getByRole('heading', { name: 'Cortesía prensa' })).toHaveCount(0);

      const moreInfo = general.getByRole('button', { name: t('checkout:tickets.moreInfo') });
      await expect(moreInfo).toHaveAttribute('aria-expanded', 'false');
      await moreInfo.click();
      await expect(moreInfo).toHaveAttribute('aria-expanded', 'true');
      await expect(general.getByText('Acceso general a los tres escenarios')).toBeVisible();

      // Operator HTML at TICKET_INFO.
      await expect(page.getByRole('heading', { name: 'Información importante' })).toBeVisible();
    });

    test('updates the summary on every change; 0 removes the line; volume discount and service charge', async ({ page, t }) => {
      await page.goto('/demo');
      const summary = page.getByRole('region', { name: t('checkout:summary.title') });
      await expect(summary.getByText(t('checkout:summary.empty'))).toBeVisible();
      const continueButton = page.getByRole('button', { name: t('checkout:actions.continue') });
      await expect(continueButton).toBeDisabled();

      await chooseTickets(page, t, 'General', 2);
      await expect(summary.getByText(t('checkout:summary.line', { name: 'General', count: 2 }))).toBeVisible();
      await expect(summary.getByText(t('checkout:summary.serviceCharge'))).toBeVisible();
      await expect(summary.getByRole('listitem').filter({ hasText: t('checkout:summary.total') })).toContainText('$770.00');
      await expect(continueButton).toBeEnabled();

      await chooseTickets(page, t, 'General', 4); // replaces the line; ≥ 4 gets 10 % off
      await expect(summary.getByText(t('checkout:summary.line', { name: 'General', count: 2 }))).toHaveCount(0);
      await expect(summary.getByText(t('checkout:summary.volumeDiscount', { name: 'General' }))).toBeVisible();
      await expect(summary.getByRole('listitem').filter({ hasText: t('checkout:summary.volumeDiscount', { name: 'General' }) })).toContainText('$140.00');
      await expect(summary.getByRole('listitem').filter({ hasText: t('checkout:summary.total') })).toContainText('$1,386.00');

      await chooseTickets(page, t, 'VIP', 1);
      await expect(summary.getByRole('listitem').filter({ hasText: t('checkout:summary.total') })).toContainText('$2,706.00');

      await chooseTickets(page, t, 'General', 0);
      await chooseTickets(page, t, 'VIP', 0);
      await expect(summary.getByText(t('checkout:summary.empty'))).toBeVisible();
      await expect(continueButton).toBeDisabled();
    });

    test('shows a hidden ticket type only with the access code of its link, and sends ?i= as identificador', async ({ page, t }) => {
      // The id alone (guessable) shows nothing.
      await page.goto('/demo?ticket=4');
      await expect(page.getByRole('heading', { name: 'General' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Cortesía prensa' })).toHaveCount(0);

      // The demo's documented press link (README), with a promoter's identificador.
      await page.goto('/demo?ticket=4&access=prensa-demo-2026-Xq7Lm3&i=promotor-7');
      await expect(page.getByRole('heading', { name: 'Cortesía prensa' })).toBeVisible();
      await chooseTickets(page, t, 'Cortesía prensa', 1);
      const request = page.waitForRequest((candidate) => candidate.url().endsWith('/api/payments/new-purchase'));
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      const body = (await request).postDataJSON() as { identificador: string; tickets: unknown; url: string; token: string; code: unknown; access: string };
      expect(body).toMatchObject({ identificador: 'promotor-7', url: 'demo', tickets: [{ ticket_id: 4, cantidad: 1 }], code: null, access: 'prensa-demo-2026-Xq7Lm3' });
      expect(body.token).toBeTruthy();
      await expect(page).toHaveURL(/\/demo\/productos$/);
      // The hidden line survives the step change (the event is not reloaded without ?ticket=).
      await expect(page.getByRole('region', { name: t('checkout:summary.title') }).getByText(t('checkout:summary.line', { name: 'Cortesía prensa', count: 1 }))).toBeVisible();
    });

    test('keeps Continue disabled while the purchase request is pending', async ({ page, t }) => {
      let answer = () => {};
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/api/payments/new-purchase', async (route) => {
        await answered;
        await route.continue();
      });
      await page.goto('/demo');
      await chooseTickets(page, t, 'General', 1);
      const continueButton = page.getByRole('button', { name: t('checkout:actions.continue') });
      await continueButton.click();
      await expect(continueButton).toBeDisabled();
      await expect(continueButton).toHaveAttribute('aria-busy', 'true');
      answer();
      await expect(page).toHaveURL(/\/demo\/productos$/);
    });
  });
});

test.describe('language', () => {
  test('switches En/Es, remembers the choice, and formats money in es-MX', async ({ page, t }) => {
    await page.goto('/demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Elige tus boletos' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByRole('button', { name: 'English (EN)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your tickets' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'English (EN)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByText('$1,200.00')).toBeVisible(); // es-MX format in English too
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your tickets' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.getByRole('button', { name: 'Español (ES)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') })).toBeVisible();
  });

  test("uses the event's idiomaDefault over the stored choice, and hides the switch when the config says so", async ({ page }) => {
    await changeDemoEvent(page, (body) => {
      body.event.config = { ...body.event.config, idiomaDefault: 'en', hide_language_switch: true };
    });
    await page.goto('/demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your tickets' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Language' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Español (ES)' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('es');
  });
});

test.describe('layout', { tag: '@phone' }, () => {
  test('two columns on wide screens, one column on phones, footer with legal links', async ({ page, t }, testInfo) => {
    await page.goto('/demo');
    const tickets = page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') });
    const summary = page.getByRole('region', { name: t('checkout:summary.title') });
    await expect(summary).toBeVisible();
    const left = (await tickets.boundingBox())!;
    const right = (await summary.boundingBox())!;
    const viewport = page.viewportSize()!;
    if (testInfo.project.name === 'desktop') {
      expect(right.x).toBeGreaterThan(left.x + viewport.width * 0.4);
      expect(right.width / viewport.width).toBeGreaterThan(0.3);
    } else {
      expect(right.y).toBeGreaterThan(left.y);
      expect(Math.abs(right.x - left.x)).toBeLessThan(40);
    }
    const legal = page.getByRole('contentinfo').getByRole('navigation', { name: t('footer.label') });
    await expect(legal.getByRole('link', { name: t('footer.terms') })).toHaveAttribute('href', /\/terms-and-conditions$/);
    await expect(legal.getByRole('link', { name: t('footer.privacy') })).toHaveAttribute('href', /\/privacy-policy$/);
    await expect(legal.getByRole('link', { name: t('footer.sellPolicy') })).toHaveAttribute('href', /\/sell-policy$/);
    await expect(page.getByRole('contentinfo').getByRole('img', { name: t('footer.logoAlt') })).toBeVisible();
  });

  test('the step bar lists only the steps that apply', async ({ page, t }) => {
    await page.goto('/demo');
    const steps = page.getByRole('navigation', { name: t('checkout:steps.label') }).getByRole('listitem');
    await expect(steps).toHaveText([`1.${t('checkout:steps.tickets')}`, `2.${t('checkout:steps.products')}`, `3.${t('checkout:steps.payment')}`]);
    await expect(steps.first()).toHaveAttribute('aria-current', 'step');
    await chooseTickets(page, t, 'General', 1); // General has an attendee form
    await expect(steps).toHaveText([`1.${t('checkout:steps.tickets')}`, `2.${t('checkout:steps.products')}`, `3.${t('checkout:steps.information')}`, `4.${t('checkout:steps.payment')}`]);
    await page.goto('/demo-free');
    await expect(page.getByRole('navigation', { name: t('checkout:steps.label') }).getByRole('listitem')).toHaveText([`1.${t('checkout:steps.tickets')}`, `2.${t('checkout:steps.payment')}`]);
  });
});
