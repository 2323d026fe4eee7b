import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';
import type { APIRequestContext } from '@playwright/test';
import { botCheckToken, expect, expectAccessible, test } from './support/fixtures';

/** The scanner's Spanish strings (its own namespace, loaded with its chunk). */
const es = JSON.parse(readFileSync(fileURLToPath(new URL('../../locales/es/checkin.json', import.meta.url)), 'utf8')) as {
  wedge: { label: string }; status: { offline: string; online: string }; verdict: { admitted: string; refused: string; organiser: string };
};
const admin = { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` };

// Chromium's fake camera is a launch flag, so this file's browser gets it: its video file exists (blank) before the
// browser starts, and gets a ticket's QR once the ticket is issued, before the page opens the camera.
// The full Chromium, not the headless shell the other specs use: the shell shows the page no fake camera.
const cameraVideo = join(mkdtempSync(join(tmpdir(), 'checkin-camera-')), 'qr.y4m');
test.use({
  permissions: ['camera'],
  launchOptions: {
    ...(existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${cameraVideo}`],
  },
});

/** Two free tickets of /demo-free claimed through the API: their purchase, and their signed codes as the ticket QR carries them. */
async function issuedTickets(request: APIRequestContext): Promise<{ purchaseId: string; codes: string[] }> {
  const created = await request.post('/api/payments/new-purchase', {
    data: { url: 'demo-free', token: await botCheckToken(request, 'new_purchase'), code: null, identificador: null, tickets: [{ ticket_id: 1, cantidad: 2 }] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { purchase_id: purchaseId, access_key: key } = (await created.json()) as { purchase_id: string; access_key: string };
  const headers = { 'x-purchase-key': key };
  const form = { 1: ['Łukasz Dvořák', 'Xōchitl Pérez'].map((nombre, i) => ({ nombre, correo: `puerta${i}@example.mx` })) };
  expect((await request.put('/api/payments/add-info-purchase', { data: { purchase_id: purchaseId, form }, headers })).status()).toBe(200);
  const verified = await request.post('/api/payments/free/verify-free', {
    data: { purchase_id: purchaseId, buyer_info: { name: 'Ana López', email: `puerta-${Date.now()}@example.mx`, phone: '5512345678' }, token: await botCheckToken(request, 'validate_free_access') },
    headers,
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const { secretuuid } = (await verified.json()) as { secretuuid: string };
  const loaded = await request.post('/api/payments/free/loader-process', { data: { token: secretuuid, g_token: await botCheckToken(request, 'validate_free_access_loader') } });
  expect(loaded.status(), await loaded.text()).toBe(200);
  const db = new Database(process.env.E2E_DATABASE_FILE!, { readonly: true });
  try {
    return { purchaseId, codes: (db.prepare('SELECT qr_secret FROM tickets WHERE purchase_id = ? ORDER BY unit_index').all(purchaseId) as { qr_secret: string }[]).map((r) => r.qr_secret) };
  } finally {
    db.close();
  }
}

test('door scanner: paired by its link, a code admits once, refuses again with when and where; offline it still decides and uploads later; two doors, one ticket: one admission, one conflict; a cancelled ticket refused', async ({ page, context, browser }) => {
  const { codes } = await issuedTickets(page.request);
  expect(codes).toHaveLength(2);
  expect(codes[0]).toMatch(/^[A-Z2-7]{140,}$/);
  const paired = await page.request.post('/api/admin/events/demo-free/checkin-devices', { data: { list: 'all', name: 'Puerta A' }, headers: admin });
  expect(paired.status(), await paired.text()).toBe(201);
  const { url } = (await paired.json()) as { url: string };

  await page.goto(url);
  // The token leaves the address bar once kept.
  await expect(page).toHaveURL(/\/checkin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Control de acceso' })).toBeVisible();
  await expect(page.getByTestId('checkin-online')).toHaveText(es.status.online);
  await expect(page.getByTestId('checkin-counts')).toContainText(/Adentro: \d+ de [1-9]\d*/);
  await expectAccessible(page, 'door scanner');

  const wedge = page.getByLabel(es.wedge.label);
  const verdict = page.getByRole('region', { name: /Adelante|No pasa|Espera/ });
  await wedge.fill(codes[0]);
  await wedge.press('Enter');
  await expect(verdict).toHaveAttribute('data-verdict', 'ok');
  await expect(verdict.getByRole('heading', { name: es.verdict.admitted })).toBeVisible();
  await expect(verdict).toContainText('Łukasz Dvořák');
  await expect(page.getByTestId('checkin-announcer')).toContainText(es.verdict.admitted);
  await expect(page.getByTestId('checkin-pending')).toHaveText('Por subir: 0');

  await wedge.fill(codes[0]);
  await wedge.press('Enter');
  await expect(verdict).toHaveAttribute('data-verdict', 'already_used');
  await expect(verdict.getByRole('heading', { name: es.verdict.refused })).toBeVisible();
  await expect(verdict).toContainText(/Ya entró a las \d{2}:\d{2} por Puerta A/);
  await expect(page.getByTestId('checkin-announcer')).toContainText(/No pasa\. Ya entró a las \d{2}:\d{2} por Puerta A/);
  await expectAccessible(page, 'door scanner, a refusal on screen');
  await verdict.getByRole('button', { name: 'Siguiente' }).click();
  await expect(verdict).toHaveCount(0);

  // A ticket whose code does not read: found by name (the server online, the phone's list offline).
  const search = page.getByRole('search');
  await search.getByLabel('Folio o nombre').fill('Xōchitl');
  await search.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Xōchitl Pérez' }).first()).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByTestId('checkin-online')).toHaveText(es.status.offline);
  await search.getByLabel('Folio o nombre').fill('łukasz');
  await search.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Łukasz Dvořák' }).first()).toBeVisible();
  await wedge.fill(codes[1]);
  await wedge.press('Enter');
  await expect(verdict).toHaveAttribute('data-verdict', 'ok');
  await expect(verdict).toContainText('Xōchitl Pérez');
  await expect(page.getByTestId('checkin-pending')).toHaveText('Por subir: 1');

  await context.setOffline(false);
  await expect(page.getByTestId('checkin-online')).toHaveText(es.status.online);
  await expect(page.getByTestId('checkin-pending')).toHaveText('Por subir: 0');
  // The server admitted both, the offline one at the time it was scanned.
  const report = (await (await page.request.get('/api/admin/events/demo-free/checkin', { headers: admin })).json()) as {
    lists: { id: string; types: { admitted: number }[]; conflicts: number }[];
  };
  const all = report.lists.find((l) => l.id === 'all')!;
  expect(all.types.reduce((sum, type) => sum + type.admitted, 0)).toBeGreaterThanOrEqual(2);
  expect(all.conflicts).toBe(0);

  // Installed by its first load (service worker, IndexedDB): it opens with no signal and still knows who entered.
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).length > 0 && (await (await caches.open('checkin-v1')).keys()).some((r) => r.url.includes('/assets/CheckinPage-')))).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Control de acceso' })).toBeVisible();
  await expect(page.getByTestId('checkin-online')).toHaveText(es.status.offline);
  await wedge.fill(codes[1]);
  await wedge.press('Enter');
  await expect(verdict).toHaveAttribute('data-verdict', 'already_used');

  // A second door: its phone syncs, loses the signal, and lets in a ticket this door admits meanwhile. Its clock is
  // ten minutes behind and paused, so its scan reaches the server as one made long before (decided offline), and its
  // green verdict stays on screen until the server's answer replaces it.
  await context.setOffline(false);
  await expect(page.getByTestId('checkin-online')).toHaveText(es.status.online);
  const both = await issuedTickets(page.request);
  const cancelled = await issuedTickets(page.request);
  const second = await page.request.post('/api/admin/events/demo-free/checkin-devices', { data: { list: 'all', name: 'Puerta Sur' }, headers: admin });
  expect(second.status()).toBe(201);
  const south = await browser.newContext({ locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  try {
    await south.clock.install({ time: Date.now() - 600_000 });
    const door = await south.newPage();
    await door.goto(((await second.json()) as { url: string }).url);
    await expect(door.getByTestId('checkin-counts')).toContainText(/Adentro: \d+ de [1-9]\d*/);
    await south.setOffline(true);
    await expect(door.getByTestId('checkin-online')).toHaveText(es.status.offline);

    await wedge.fill(both.codes[0]);
    await wedge.press('Enter');
    await expect(verdict).toHaveAttribute('data-verdict', 'ok');
    await expect(page.getByTestId('checkin-pending')).toHaveText('Por subir: 0');
    const cancel = await page.request.post(`/api/admin/purchases/${cancelled.purchaseId}/cancel`, { data: { refund: false, reason: 'Prueba de puerta' }, headers: admin });
    expect(cancel.status(), await cancel.text()).toBe(200);

    await south.clock.pauseAt(await door.evaluate(() => Date.now() + 1000));
    const southWedge = door.getByLabel(es.wedge.label);
    const southVerdict = door.getByRole('region', { name: /Adelante|No pasa|Espera/ });
    await southWedge.fill(both.codes[0]);
    await southWedge.press('Enter');
    await expect(southVerdict).toHaveAttribute('data-verdict', 'ok');
    await expect(door.getByTestId('checkin-pending')).toHaveText('Por subir: 1');
    // Back online it syncs (learning the cancellation) and uploads: the server's verdict replaces the green one.
    await south.setOffline(false);
    await expect(southVerdict).toHaveAttribute('data-verdict', 'already_used');
    await expect(southVerdict).toContainText(/Ya entró a las \d{2}:\d{2} por Puerta A/);
    await expect(door.getByTestId('checkin-pending')).toHaveText('Por subir: 0');
    await southWedge.fill(cancelled.codes[0]);
    await southWedge.press('Enter');
    await expect(southVerdict).toHaveAttribute('data-verdict', 'revoked');
    await expect(southVerdict).toContainText(es.verdict.organiser);
  } finally {
    await south.close();
  }
  const after = (await (await page.request.get('/api/admin/events/demo-free/checkin', { headers: admin })).json()) as {
    lists: { id: string; conflicts: number }[];
  };
  expect(after.lists.find((l) => l.id === 'all')!.conflicts).toBe(1);
});

const VIDEO = { width: 640, height: 480 };

/**
 * Writes a still video (YUV4MPEG2, 4:2:0) of `text`'s QR code (black on white; the QR library and error correction
 * the ticket PDF uses) for Chromium's fake camera, which reads the file when a page opens the camera.
 */
function writeQrVideo(file: string, text: string | null): void {
  const { width, height } = VIDEO;
  const luma = Buffer.alloc(width * height, 235);
  if (text) {
    const qr = QRCode.create(text, { errorCorrectionLevel: 'Q' });
    const scale = 7;
    const left = Math.floor((width - qr.modules.size * scale) / 2);
    const top = Math.floor((height - qr.modules.size * scale) / 2);
    for (let y = 0; y < qr.modules.size * scale; y += 1) {
      for (let x = 0; x < qr.modules.size * scale; x += 1) {
        if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(top + y) * width + left + x] = 16;
      }
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, Buffer.alloc((width / 2) * (height / 2) * 2, 128)]);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F5:1 Ip A1:1 C420jpeg\n`), frame, frame]));
}

writeQrVideo(cameraVideo, null);

test.describe('camera', () => {
  test('a ticket\'s QR shown to the camera admits it, decoded by zxing (WebAssembly from our origin, under the page\'s CSP)', async ({ page }) => {
    const { codes: [code] } = await issuedTickets(page.request);
    writeQrVideo(cameraVideo, code);
    const paired = await page.request.post('/api/admin/events/demo-free/checkin-devices', { data: { list: 'all', name: 'Puerta B' }, headers: admin });
    expect(paired.status()).toBe(201);
    await page.goto(((await paired.json()) as { url: string }).url);
    await expect(page.getByTestId('checkin-counts')).toContainText(/Adentro: \d+ de [1-9]\d*/);
    await page.getByRole('button', { name: 'Escanear con la cámara' }).click();
    const verdict = page.getByRole('region', { name: /Adelante|No pasa|Espera/ });
    await expect(verdict).toHaveAttribute('data-verdict', 'ok', { timeout: 20_000 });
    await expect(verdict).toContainText('Łukasz Dvořák');
  });
});
