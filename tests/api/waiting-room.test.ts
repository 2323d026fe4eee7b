import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { AppContext } from '../../src/server/context';
import { openDatabase } from '../../src/server/db/connection';
import { keepDrawHold } from '../../src/server/repositories/waiting-room.repository';
import { DRAW_GRACE_MS } from '../../src/server/waiting-room/draw-hold';
import { JOINS_AT_ONCE } from '../../src/server/waiting-room/join-gate';
import { joinRoom } from '../../src/server/waiting-room/queue';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

const ADMIN = 'token-de-sala';
const CAP = 2;

const roomEvent = (url: string, waiting_room: Record<string, unknown>) => ({
  url,
  event: { name: `Sala ${url}`, config: { metodo_pago_free: true } },
  tickets: [{ id: 1, name: 'General', price: 0, minimum: 1, maximum: 10, capacity: 100_000 }],
  waiting_room,
});

/** A browser: its client address and, once it joined, its cookie. */
interface Browser {
  address: string;
  cookie?: string;
}

const cookieOf = (res: LightMyRequestResponse) => (res.cookies as { name: string; value: string }[]).find((c) => c.name === 'sala_espera')?.value;

describe.skipIf(skipDatabase)('the waiting room', () => {
  let t: TestApp;
  let browsers = 0;
  const browser = (): Browser => ({ address: `10.${(browsers >> 16) & 255}.${(browsers >> 8) & 255}.${browsers++ & 255}` });
  const cookies = (b: Browser): Record<string, string> => (b.cookie ? { sala_espera: b.cookie } : {});

  async function join(url: string, b: Browser, app = t.app) {
    const res = await app.inject({ method: 'POST', url: `/api/waiting-room/${url}/join`, remoteAddress: b.address, cookies: cookies(b), payload: { token: await t.botToken('waiting_room') } });
    b.cookie = cookieOf(res) ?? b.cookie;
    return res;
  }
  const status = async (url: string, b: Browser, app = t.app) => body(await app.inject({ method: 'GET', url: `/api/waiting-room/${url}`, remoteAddress: b.address, cookies: cookies(b) }));
  const setRate = (url: string, admit_per_minute: number, app = t.app) =>
    app.inject({ method: 'PUT', url: `/api/admin/events/${url}/waiting-room`, headers: { authorization: `Bearer ${ADMIN}` }, payload: { admit_per_minute } });
  const newPurchase = async (url: string, b: Browser, turno?: string | null) =>
    t.app.inject({
      method: 'POST', url: '/api/payments/new-purchase', remoteAddress: b.address, cookies: cookies(b),
      payload: { url, code: null, identificador: null, token: await t.botToken(), tickets: [{ ticket_id: 1, cantidad: 1 }], ...(turno === undefined ? {} : { turno }) },
    });
  /** Lets the room's kept state (a second per process) go stale, so the next read is the database's. */
  const nextSecond = () => t.advance(1_100);

  beforeAll(async () => {
    t = await createTestApp({ adminToken: ADMIN, waitingRoomMaxPerClient: CAP, rateLimitAdminMax: 10_000 });
  });
  afterAll(() => t.close());

  it('gives the arrivals before opening places by lottery (no edge for arriving early), then queues later ones in arrival order', async () => {
    const url = 'sorteo';
    const opensAtMs = t.ctx.now().getTime() + 3_600_000;
    await t.importEvent(roomEvent(url, { mode: 'scheduled', opens_at: new Date(opensAtMs).toISOString(), admit_per_minute: 1 }));
    const early = Array.from({ length: 120 }, browser);
    for (const b of early) expect(body(await join(url, b))).toMatchObject({ estado: 'sorteo', lugar: null });
    // The test's clock runs on with the real one: to the opening itself, however long the joins took.
    t.advance(opensAtMs - t.ctx.now().getTime());
    // Arrivals in the draw's grace after the opening wait for it, then follow the lottery in their order.
    const late = Array.from({ length: 5 }, browser);
    for (const b of late.slice(0, 2)) expect(body(await join(url, b))).toMatchObject({ estado: 'sorteo', lugar: null });
    t.advance(DRAW_GRACE_MS);
    for (const b of late.slice(2)) expect(body(await join(url, b))).toMatchObject({ estado: 'esperando' });
    const places = [];
    for (const b of [...early, ...late]) places.push((await status(url, b)).lugar as number);
    const admitted = 120 + 5 - Math.max(...places);
    const seqs = places.map((place) => place + admitted);
    // Every early arrival got one place of 1..120, none twice; the later ones follow in their order.
    expect([...seqs.slice(0, 120)].sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(seqs.slice(120)).toEqual([121, 122, 123, 124, 125]);
    // The first 40 to arrive hold no better places than chance: their mean place is near the middle
    // (60.5; one standard deviation of that mean is about 4.5 here, the bound is five of them).
    const firstMean = seqs.slice(0, 40).reduce((sum, seq) => sum + seq, 0) / 40;
    expect(Math.abs(firstMean - 60.5)).toBeLessThan(22);
  }, 120_000);

  it('admits at the operator\'s rate, changed live, and a reload keeps the place', async () => {
    const url = 'en-vivo';
    await t.importEvent(roomEvent(url, { mode: 'always', admit_per_minute: 1 }));
    const [a, b, c] = [browser(), browser(), browser()];
    for (const x of [a, b, c]) await join(url, x);
    expect((await status(url, c)).lugar).toBe(3);
    // Joining again (a reload, another tab) keeps the place and needs no new one.
    expect(body(await join(url, c))).toMatchObject({ estado: 'esperando', lugar: 3 });
    // One a second from now: the clock stands still but for what the test gives it, however slow the machine.
    t.freeze();
    try {
      const changed = await setRate(url, 60);
      expect(body(changed)).toMatchObject({ mode: 'always', admit_per_minute: 60, places: 3 });
      t.advance(2_100);
      expect(await status(url, a)).toMatchObject({ estado: 'admitido', turno: expect.any(String) });
      expect(await status(url, c)).toMatchObject({ estado: 'esperando', lugar: 1, espera_segundos: 1 });
    } finally {
      t.unfreeze();
    }
  });

  it('a waiting browser\'s stream sends its place as server-sent events, with the security headers of every response', async () => {
    const url = 'en-directo';
    await t.importEvent(roomEvent(url, { mode: 'always', admit_per_minute: 1 }));
    const [a, b] = [browser(), browser()];
    for (const x of [a, b]) await join(url, x);
    const { port } = t.app.server.address() as { port: number };
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/waiting-room/${url}/stream`, { headers: { cookie: `sala_espera=${b.cookie}` }, signal: controller.signal });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await t.app.inject(`/api/waiting-room/${url}`);
    for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'strict-transport-security', 'referrer-policy', 'cross-origin-opener-policy']) {
      expect(res.headers.get(name)).toBe(page.headers[name]);
    }
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: status\ndata: ')) text += decoder.decode((await reader.read()).value, { stream: true });
    expect(text).toContain('retry: 10000');
    expect(JSON.parse(text.split('event: status\ndata: ')[1].split('\n')[0])).toMatchObject({ estado: 'esperando', lugar: 2 });
    controller.abort();
  });

  it('new-purchase of a room event needs the browser\'s pass: refused without it, forged, of another browser, spent or expired', async () => {
    const url = 'con-turno';
    await t.importEvent(roomEvent(url, { mode: 'always', admit_per_minute: 100_000, session_minutes: 5 }));
    const buyer = browser();
    await join(url, buyer);
    nextSecond();
    const { turno, estado } = await status(url, buyer);
    expect(estado).toBe('admitido');

    const missing = await newPurchase(url, buyer);
    expect(missing.statusCode).toBe(403);
    expect(body(missing)).toMatchObject({ code: 'WAITING_ROOM_PASS_MISSING', mensaje: expect.stringContaining('sala de espera') });
    const forged = `${turno.slice(0, -2)}${turno.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(body(await newPurchase(url, buyer, forged))).toMatchObject({ code: 'WAITING_ROOM_PASS_INVALID' });
    // The pass travels with its browser: another browser (its own cookie, or none) cannot use it.
    const other = browser();
    await join(url, other);
    expect(body(await newPurchase(url, other, turno))).toMatchObject({ code: 'WAITING_ROOM_PASS_INVALID' });
    expect(body(await newPurchase(url, { address: buyer.address }, turno))).toMatchObject({ code: 'WAITING_ROOM_PASS_INVALID' });

    const bought = await newPurchase(url, buyer, turno);
    expect(bought.statusCode).toBe(200);
    const again = await newPurchase(url, buyer, turno);
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ code: 'WAITING_ROOM_PASS_USED' });
    expect(await status(url, buyer)).toMatchObject({ estado: 'vencido', turno: null });

    // The other browser was admitted too (read once the room's kept state is stale, as for the buyer); its
    // pass runs out session_minutes after its admission began.
    nextSecond();
    const late = await status(url, other);
    expect(late.estado).toBe('admitido');
    t.advance(5 * 60_000 + 1_000);
    expect(body(await newPurchase(url, other, late.turno))).toMatchObject({ code: 'WAITING_ROOM_PASS_INVALID' });
    expect(await status(url, other)).toMatchObject({ estado: 'vencido' });
  });

  it('a refused purchase gives its pass back', async () => {
    const url = 'devuelto';
    await t.importEvent(roomEvent(url, { mode: 'always', admit_per_minute: 100_000 }));
    const buyer = browser();
    await join(url, buyer);
    nextSecond();
    const { turno } = await status(url, buyer);
    const tooMany = await t.app.inject({
      method: 'POST', url: '/api/payments/new-purchase', remoteAddress: buyer.address, cookies: cookies(buyer),
      payload: { url, token: await t.botToken(), tickets: [{ ticket_id: 1, cantidad: 11 }], turno },
    });
    expect(tooMany.statusCode).toBe(400);
    expect((await newPurchase(url, buyer, turno)).statusCode).toBe(200);
  });

  it('caps the places one client address takes, and asks each new place for a bot-check verdict', async () => {
    const url = 'tope';
    await t.importEvent(roomEvent(url, { mode: 'always', admit_per_minute: 1 }));
    const address = browser().address;
    for (let i = 0; i < CAP; i++) expect((await join(url, { address })).statusCode).toBe(200);
    const refused = await join(url, { address });
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toMatchObject({ code: 'WAITING_ROOM_CLIENT_CAP' });
    const noVerdict = await t.app.inject({ method: 'POST', url: `/api/waiting-room/${url}/join`, remoteAddress: browser().address, payload: { token: 'no-es-un-token' } });
    expect(noVerdict.statusCode).toBe(403);
    expect(body(noVerdict)).toMatchObject({ code: 'BOT_CHECK_FAILED' });
  });

  it('a burst of joins is worked on a few at a time: a bot check waits for no backlog but its own', async () => {
    const url = 'rafaga';
    await t.importEvent(roomEvent(url, { mode: 'always', admit_per_minute: 1 }));
    const arrivals = 4 * JOINS_AT_ONCE;
    let checking = 0;
    let most = 0;
    // A bot check that takes a few turns of the event loop, as a provider's round trip does.
    const verify = async () => {
      most = Math.max(most, ++checking);
      for (let turn = 0; turn < 5; turn++) await new Promise((next) => setImmediate(next));
      checking--;
    };
    const answers = await Promise.all(Array.from({ length: arrivals }, (_, i) => joinRoom(t.ctx, url, { browserId: `rafaga-${i}`, clientKey: `10.9.${i >> 8}.${i & 255}` }, verify)));
    expect(most).toBeLessThanOrEqual(JOINS_AT_ONCE);
    expect(answers.every((a) => a.estado === 'esperando')).toBe(true);
    // Every arrival one place, none twice.
    expect(new Set(answers.map((a) => a.lugar)).size).toBe(arrivals);
  });

  it('an arrival of before opening is in the lottery even when its bot check ends after the opening', async () => {
    const url = 'sorteo-tarde';
    await t.importEvent(roomEvent(url, { mode: 'scheduled', opens_at: new Date(t.ctx.now().getTime() + 3_600_000).toISOString(), admit_per_minute: 1 }));
    // The check (or the join's turn behind a burst) takes the browser past the opening.
    const slowCheck = async () => void t.advance(3_600_000);
    await joinRoom(t.ctx, url, { browserId: 'llego-antes', clientKey: '10.8.0.1' }, slowCheck);
    const event = await t.ctx.db.kysely.selectFrom('events').select('id').where('url', '=', url).executeTakeFirstOrThrow();
    const entry = await t.ctx.db.kysely.selectFrom('waiting_room_entries').selectAll().where('event_id', '=', event.id).where('browser_id', '=', 'llego-antes').executeTakeFirstOrThrow();
    expect(entry.lottery_key).not.toBeNull();
  });

  /** A bot check that ends when the test says: the join stays in its process's line until then. */
  function heldCheck() {
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const done = new Promise<void>((resolve) => (release = resolve));
    return { verify: async () => { started(); await done; }, running, release };
  }
  const seqOf = async (url: string, browserId: string) => {
    const event = await t.ctx.db.kysely.selectFrom('events').select('id').where('url', '=', url).executeTakeFirstOrThrow();
    const row = await t.ctx.db.kysely.selectFrom('waiting_room_entries').select('seq').where('event_id', '=', event.id).where('browser_id', '=', browserId).executeTakeFirstOrThrow();
    return row.seq;
  };

  it('the lottery waits for an arrival of before the opening still in line, and draws it with the others', async () => {
    const url = 'sorteo-espera';
    await t.importEvent(roomEvent(url, { mode: 'scheduled', opens_at: new Date(t.ctx.now().getTime() + 3_600_000).toISOString(), admit_per_minute: 1 }));
    const first = browser();
    await join(url, first);
    t.advance(3_600_000 - 1_000);
    // A second early arrival whose join (its bot check, or its turn behind a burst) lasts past the opening.
    const check = heldCheck();
    const slow = joinRoom(t.ctx, url, { browserId: 'en-la-fila', clientKey: '10.7.0.1' }, check.verify);
    await check.running;
    t.advance(1_000 + DRAW_GRACE_MS + 1_000);
    // Nothing is drawn while it is in line: a later arrival and a read both find the lottery still to come.
    const late = browser();
    expect(body(await join(url, late))).toMatchObject({ estado: 'sorteo' });
    nextSecond();
    expect(await status(url, first)).toMatchObject({ estado: 'sorteo' });
    check.release();
    await slow;
    nextSecond();
    await status(url, first);
    // The two early arrivals hold the lottery's places 1 and 2 (in key order); the later one follows.
    const early = [await seqOf(url, 'en-la-fila'), (await status(url, first)).lugar as number];
    expect(early.sort()).toEqual([1, 2]);
    expect((await status(url, late)).lugar).toBe(3);
  });

  it('a hold of a process that stopped keeps the lottery back only until it expires', async () => {
    const url = 'sorteo-caido';
    await t.importEvent(roomEvent(url, { mode: 'scheduled', opens_at: new Date(t.ctx.now().getTime() + 60_000).toISOString(), admit_per_minute: 1 }));
    const b = browser();
    await join(url, b);
    const event = await t.ctx.db.kysely.selectFrom('events').select('id').where('url', '=', url).executeTakeFirstOrThrow();
    await keepDrawHold(t.ctx.db.kysely, event.id, 'un-proceso-caido', new Date(t.ctx.now().getTime() + 60_000 + 15_000).toISOString());
    t.advance(60_000 + DRAW_GRACE_MS);
    expect(await status(url, b)).toMatchObject({ estado: 'sorteo' });
    t.advance(15_000);
    expect(await status(url, b)).toMatchObject({ estado: 'esperando', lugar: 1 });
  });

  it('an event without a room, or with its room off, buys as before', async () => {
    const url = 'sin-sala';
    await t.importEvent(roomEvent(url, { mode: 'off' }));
    const b = browser();
    expect(await status(url, b)).toMatchObject({ estado: 'sin_sala' });
    expect((await newPurchase(url, b)).statusCode).toBe(200);
  });

  it('auto: the room switches on when the event\'s held units reach the threshold', async () => {
    const url = 'auto';
    await t.importEvent(roomEvent(url, { mode: 'auto', auto_held_units: 2, admit_per_minute: 100_000 }));
    const b = browser();
    expect(await status(url, b)).toMatchObject({ estado: 'sin_sala' });
    expect((await newPurchase(url, b)).statusCode).toBe(200);
    nextSecond();
    expect((await newPurchase(url, b)).statusCode).toBe(200);
    nextSecond();
    expect(await status(url, b)).toMatchObject({ estado: 'fuera' });
    expect(body(await newPurchase(url, b))).toMatchObject({ code: 'WAITING_ROOM_PASS_MISSING' });
  });

  describe('two app instances over one database', () => {
    let second: Awaited<ReturnType<typeof buildApp>>;
    let secondDb: ReturnType<typeof openDatabase>;
    let secondCtx: AppContext;

    beforeAll(async () => {
      await t.botToken();
      const address = t.app.server.address() as { port: number };
      // The same signing secret (SIGNING_SECRET, set when running several processes); the bot check asks the first app's sandbox.
      const config = { ...t.ctx.config, recaptchaVerifyUrl: `http://127.0.0.1:${address.port}/sandbox/recaptcha/api/siteverify` };
      secondDb = openDatabase(config.databaseUrl);
      secondCtx = { db: secondDb, config, now: t.ctx.now };
      second = await buildApp(secondCtx, { logger: false });
      await second.ready();
    });
    afterAll(async () => {
      await second.close();
      await secondDb.kysely.destroy();
    });

    it('share one queue: places never repeat, each reads the other\'s, and a rate set on one admits on both', async () => {
      const url = 'replicas';
      await t.importEvent(roomEvent(url, { mode: 'always', admit_per_minute: 1 }));
      const [a, b, c] = [browser(), browser(), browser()];
      expect(body(await join(url, a, t.app)).lugar).toBe(1);
      expect(body(await join(url, b, second)).lugar).toBe(2);
      expect(body(await join(url, c, t.app)).lugar).toBe(3);
      expect((await status(url, a, second)).lugar).toBe(1);
      expect((await status(url, b, t.app)).lugar).toBe(2);
      await setRate(url, 600, second);
      t.advance(1_100);
      const onFirst = await status(url, b, t.app);
      const onSecond = await status(url, b, second);
      expect(onFirst).toMatchObject({ estado: 'admitido' });
      expect(onSecond).toMatchObject({ estado: 'admitido', turno_vence: onFirst.turno_vence });
    });

    it('one replica does not draw the lottery while the other still has an arrival of before the opening in line', async () => {
      const url = 'replicas-sorteo';
      await t.importEvent(roomEvent(url, { mode: 'scheduled', opens_at: new Date(t.ctx.now().getTime() + 3_000).toISOString(), admit_per_minute: 1 }));
      const first = browser();
      await join(url, first, t.app);
      // On the second replica an early arrival is still being checked when the opening comes.
      const check = heldCheck();
      const slow = joinRoom(secondCtx, url, { browserId: 'fila-de-la-otra', clientKey: '10.7.1.1' }, check.verify);
      await check.running;
      t.advance(3_000 + DRAW_GRACE_MS + 1_000);
      const late = browser();
      expect(body(await join(url, late, t.app))).toMatchObject({ estado: 'sorteo' });
      check.release();
      await slow;
      nextSecond();
      const firstPlace = (await status(url, first, t.app)).lugar as number;
      expect([firstPlace, await seqOf(url, 'fila-de-la-otra')].sort()).toEqual([1, 2]);
      expect((await status(url, late, second)).lugar).toBe(3);
    });
  });
});
