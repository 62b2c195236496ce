// Price alerts (docs/alerts.md) through the real routes, socket and database (TEST_DB=pglite and
// postgres), driven by the simulated market by hand: an alert fires once from the live feed (one PRICE_ALERT, one
// status change, however many crossing ticks follow), a day-move alert exactly when the quote's change % (the market
// list's figure) reaches ±N %, both survive a restart (loaded at start; a fired one stays spent), a day-move alert
// measures the new day from the new day's open,
// the per-user cap holds (also for two creates racing for the last place), another user's alert is out of reach, and
// bad input is refused in the user's language with nothing changed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERTS_MAX, FIRED_SHOWN, type PriceAlerts } from '../../../domain/price-alerts.ts';
import type { Instrument } from '../../../domain/types.ts';
import type { Db, Queryable } from '../../../server/db/db.ts';
import { fireAlert, userAlerts } from '../../../server/alerts/alerts-repository.ts';
import { AlertWatcher } from '../../../server/alerts/alert-watcher.ts';
import { MarketService } from '../../../server/market/market-service.ts';
import { createServer } from '../../../server/compose.ts';
import {
  api,
  countRows,
  manualClock,
  registerAndLogin,
  startTestServer,
  type ManualClock,
  type RegisteredUser,
  type TestServer,
} from '../support/harness.ts';
import { keepOpen, sharedDatabases } from '../support/shared-db.ts';
import { barrier, Client, isType } from '../support/ws-client.ts';

const CODE = 'EURUSD';
const GERMAN_PERCENT = 'Geben Sie eine Bewegung von 0.01 bis 50 % mit höchstens 2 Dezimalstellen ein.';
let server: TestServer;
let market: MarketService;
let eurusd: Instrument;

const simulated = (m: unknown): MarketService => {
  if (!(m instanceof MarketService)) throw new Error('no market service');
  return m;
};
const list = async (u: RegisteredUser): Promise<PriceAlerts> => {
  const r = await u.client.get<PriceAlerts>('/v1/api/alerts/list');
  expect(r.code).toBe(1);
  return r.data;
};
const create = (u: RegisteredUser, form: Record<string, string | number>) =>
  u.client.post<PriceAlerts>('/v1/api/alerts/create', {
    forex_id: eurusd.Id,
    condition: 'above',
    price: '1.20000',
    ...form,
  });

/** EURUSD's price `factor` × the day's open, in ticks of 0.00001 rounded `up` or down: a day move of a known size. */
function priceAt(m: MarketService, factor: number, round: 'up' | 'down'): string {
  const open = Math.round(Number(m.latest(CODE)?.open) * 1e5);
  const ticks = round === 'up' ? Math.ceil(open * factor) : Math.floor(open * factor);
  return (ticks / 1e5).toFixed(5);
}

/** A socket logged in as `u`, subscribed to its fired alerts. */
async function alertSocket(wsUrl: string, u: RegisteredUser): Promise<Client> {
  const c = await Client.open(wsUrl);
  c.send({ type: 'login', token: u.token });
  expect((await c.next(isType('login'))).ok).toBe(true);
  c.send({ type: 'sub', topic: 'PRICE_ALERT' });
  expect((await c.next(isType('sub'))).ok).toBe(true);
  return c;
}

beforeAll(async () => {
  server = await startTestServer({ market: { manual: true } });
  market = simulated(server.ctx.market);
  const trade = await api(server.baseUrl).get<Instrument[]>('/v1/api/forex/trade_list');
  const found = trade.data.find((i) => i.Code === CODE);
  if (!found) throw new Error(`${CODE} is not listed`);
  eurusd = found;
  market.setPrice(CODE, '1.10000');
});
afterAll(async () => {
  await server?.close();
});

describe('price alerts fire from the live feed', () => {
  it('fires once: one PRICE_ALERT and one status change, whatever ticks follow; the other side waits', async () => {
    const u = await registerAndLogin(server);
    const other = await registerAndLogin(server);
    await create(u, { condition: 'above', price: '1.10500', note: 'take profit?' });
    await create(u, { condition: 'below', price: '1.09000' });
    const mine = await alertSocket(server.wsUrl, u);
    const theirs = await alertSocket(server.wsUrl, other);
    const watcher = server.ctx.alerts.watcher;
    if (!watcher) throw new Error('the all role evaluates alerts');

    market.setPrice(CODE, '1.10499'); // not yet
    await watcher.idle();
    await barrier(mine);
    expect(mine.countSince(0, 'PRICE_ALERT')).toBe(0);

    const mark = mine.messages.length;
    for (const p of ['1.10500', '1.10600', '1.10400', '1.10700']) market.setPrice(CODE, p); // crosses, twice
    const fired = await mine.next(isType('PRICE_ALERT'));
    await watcher.idle();
    await barrier(mine);
    expect(mine.countSince(mark, 'PRICE_ALERT')).toBe(1);
    expect(fired.data).toMatchObject({
      code: CODE,
      condition: 'above',
      price: '1.10500',
      fired_price: '1.10500',
      status: 'fired',
      note: 'take profit?',
    });
    await barrier(theirs);
    expect(theirs.countSince(0, 'PRICE_ALERT')).toBe(0); // another user's sockets get nothing

    const after = (await list(u)).alerts;
    expect(after.map((a) => [a.condition, a.status])).toEqual([
      ['below', 'active'],
      ['above', 'fired'],
    ]);
    const rows = await server.ctx.db.query<{ status: number; fired_price: string }>(
      'SELECT status, fired_price::text AS fired_price FROM price_alerts WHERE user_id = $1 AND condition = $2',
      [u.user.id, 'above'],
    );
    expect(rows.map((r) => [Number(r.status), r.fired_price])).toEqual([[1, '1.105000000000']]);

    // The below alert fires on its own crossing, once, and is then spent too.
    market.setPrice(CODE, '1.08990');
    market.setPrice(CODE, '1.08000');
    expect((await mine.next(isType('PRICE_ALERT'))).data).toMatchObject({ condition: 'below', fired_price: '1.08990' });
    await watcher.idle();
    await barrier(mine);
    expect(mine.countSince(mark, 'PRICE_ALERT')).toBe(2);
    expect((await list(u)).alerts.every((a) => a.status === 'fired')).toBe(true);
    market.setPrice(CODE, '1.10000');
    mine.close();
    theirs.close();
  });

  it("fires a day-move alert once, when the quote's change % (the list's figure) reaches +N % or −N %", async () => {
    const u = await registerAndLogin(server);
    const rise = await create(u, { kind: 'change', condition: 'above', percent: '2', price: '', note: 'breakout' });
    expect(rise.code).toBe(1);
    await create(u, { kind: 'change', condition: 'below', percent: '1.5', price: '' });
    expect((await list(u)).alerts.map((a) => [a.kind, a.condition, a.percent, a.price])).toEqual([
      ['change', 'below', '1.5', null],
      ['change', 'above', '2', null],
    ]);
    const c = await alertSocket(server.wsUrl, u);
    const watcher = server.ctx.alerts.watcher;
    if (!watcher) throw new Error('the all role evaluates alerts');

    market.setPrice(CODE, priceAt(market, 1.0199, 'down')); // the list shows +1.99 %: not yet
    expect(market.latest(CODE)?.change).toBe('1.99');
    await watcher.idle();
    await barrier(c);
    expect(c.countSince(0, 'PRICE_ALERT')).toBe(0);

    for (const f of [1.02, 1.03, 1.01, 1.025]) market.setPrice(CODE, priceAt(market, f, 'up')); // reaches +2.00 %, twice
    const fired = await c.next(isType('PRICE_ALERT'));
    expect(fired.data).toMatchObject({
      kind: 'change',
      condition: 'above',
      percent: '2',
      price: null,
      fired_change: '2.00',
      note: 'breakout',
    });
    await watcher.idle();
    await barrier(c);
    expect(c.countSince(0, 'PRICE_ALERT')).toBe(1);

    market.setPrice(CODE, priceAt(market, 0.9851, 'up')); // −1.49 %: the fall alert waits
    await watcher.idle();
    await barrier(c);
    expect(c.countSince(0, 'PRICE_ALERT')).toBe(1);
    market.setPrice(CODE, priceAt(market, 0.985, 'down'));
    expect((await c.next(isType('PRICE_ALERT'))).data).toMatchObject({ condition: 'below', fired_change: '-1.50' });
    await watcher.idle();
    expect((await list(u)).alerts.map((a) => [a.status, a.fired_change])).toEqual([
      ['fired', '-1.50'],
      ['fired', '2.00'],
    ]);
    market.setPrice(CODE, '1.10000');
    c.close();
  });

  it('fires once across two writers that both see the crossing tick (a leader change)', async () => {
    const u = await registerAndLogin(server);
    const id = (await create(u, { condition: 'above', price: '1.14000' })).data.alerts[0]?.id ?? 0;
    const delivered: number[] = [];
    const writer = async (): Promise<AlertWatcher> => {
      const w = new AlertWatcher({ ...server.ctx, deliver: async (_user, a) => void delivered.push(a.id) });
      await w.start();
      return w;
    };
    const [a, b] = [await writer(), await writer()];
    expect(a.has(id) && b.has(id)).toBe(true);
    const c = await alertSocket(server.wsUrl, u); // what the server's own writer delivers
    market.setPrice(CODE, '1.14100'); // all three writers see it
    await Promise.all([a.stop(), b.stop(), server.ctx.alerts.watcher?.idle()]);
    await barrier(c);
    expect(delivered.length + c.countSince(0, 'PRICE_ALERT')).toBe(1);
    expect((await list(u)).alerts.filter((x) => x.id === id && x.status === 'fired')).toHaveLength(1);
    market.setPrice(CODE, '1.10000');
    c.close();
  });

  it('lists an alert once when it fires between the statements of a read of the list', async () => {
    const u = await registerAndLogin(server);
    const made = await create(u, { condition: 'above', price: '1.15000' });
    const id = made.data.alerts[0]?.id ?? 0;
    const db = server.ctx.db;
    let fired = false;
    // The alert fires right after the reader's first statement, as a tick would on a busy server.
    const racing: Queryable = {
      async query<T>(sql: string, params?: readonly unknown[]): Promise<T[]> {
        const rows = await db.query<T>(sql, params);
        if (!fired) {
          fired = true;
          await fireAlert(db, id, '1.15000', null, 1);
        }
        return rows;
      },
    };
    const read = await userAlerts(racing, u.user.id, FIRED_SHOWN);
    expect(read.filter((a) => a.id === id)).toHaveLength(1);
    expect((await list(u)).alerts.filter((a) => a.id === id).map((a) => a.status)).toEqual(['fired']);
  });

  it('a deleted alert never fires', async () => {
    const u = await registerAndLogin(server);
    const made = await create(u, { condition: 'above', price: '1.15000' });
    const id = made.data.alerts[0]?.id ?? 0;
    expect((await u.client.post<PriceAlerts>('/v1/api/alerts/delete', { id })).data.alerts).toEqual([]);
    const c = await alertSocket(server.wsUrl, u);
    market.setPrice(CODE, '1.16000');
    await server.ctx.alerts.watcher?.idle();
    await barrier(c);
    expect(c.countSince(0, 'PRICE_ALERT')).toBe(0);
    market.setPrice(CODE, '1.10000');
    c.close();
  });
});

describe('the cap, ownership and bad input', () => {
  it(`keeps at most ${ALERTS_MAX} active alerts per user, also when two creates race for the last place`, async () => {
    const u = await registerAndLogin(server);
    // The cap counts both kinds: one day-move alert and 18 price alerts, then two racing for the 20th place.
    expect((await create(u, { kind: 'change', condition: 'below', percent: '40' })).code).toBe(1);
    for (let i = 2; i < ALERTS_MAX; i++)
      expect((await create(u, { price: `1.2${String(i).padStart(4, '0')}` })).code).toBe(1);
    const race = await Promise.all([create(u, { price: '1.30000' }), create(u, { price: '1.30001' })]);
    expect(race.map((r) => r.code).sort()).toEqual([0, 1]);
    const refused = race.find((r) => r.code === 0);
    expect(refused?.msg).toBe(`You can keep up to ${ALERTS_MAX} active alerts. Delete one to add another.`);
    expect((await list(u)).alerts).toHaveLength(ALERTS_MAX);
    const full = await create(u, { price: '1.40000' });
    expect(full.code).toBe(0);
    expect((await create(u, { kind: 'change', percent: '5' })).msg).toBe(
      `You can keep up to ${ALERTS_MAX} active alerts. Delete one to add another.`,
    );
    expect((await list(u)).alerts).toHaveLength(ALERTS_MAX);

    // A fired alert no longer counts: the cap is on what is still waiting.
    const low = await create(u, { condition: 'below', price: '1.00000' });
    expect(low.code).toBe(0);
    await u.client.post('/v1/api/alerts/delete', { id: (await list(u)).alerts[0]?.id ?? 0 });
    expect((await create(u, { condition: 'below', price: '1.00000' })).code).toBe(1);
    market.setPrice(CODE, '0.99000');
    await server.ctx.alerts.watcher?.idle();
    market.setPrice(CODE, '1.10000');
    expect((await create(u, { condition: 'below', price: '1.00000' })).code).toBe(1);
    expect((await list(u)).alerts.filter((a) => a.status === 'active')).toHaveLength(ALERTS_MAX);
  });

  it("refuses another user's alert and changes nothing", async () => {
    const owner = await registerAndLogin(server);
    const intruder = await registerAndLogin(server);
    const id = (await create(owner, { price: '1.25000' })).data.alerts[0]?.id ?? 0;
    const moveId = (await create(owner, { kind: 'change', percent: '3' })).data.alerts[0]?.id ?? 0;
    for (const target of [id, moveId]) {
      const refused = await intruder.client.post('/v1/api/alerts/delete', { id: target });
      expect(refused.code).toBe(0);
      expect(refused.msg).toBe('This alert does not exist or was already deleted.');
    }
    expect((await list(owner)).alerts.map((a) => a.id)).toEqual([moveId, id]);
    expect((await list(intruder)).alerts).toEqual([]);
    expect((await api(server.baseUrl).get('/v1/api/alerts/list')).code).toBe(999); // signed out
  });

  it('refuses bad input in the user’s language and writes nothing', async () => {
    const u = await registerAndLogin(server);
    const before = await countRows(server.ctx, ['price_alerts', 'push_subscriptions']);
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ price: 'abc' }, 'Please enter a number (digits and one decimal point, such as 25.50)'],
      [{ price: '0' }, 'Enter a price greater than 0.'],
      [{ price: '-1.1' }, 'Enter a price greater than 0.'],
      [{ price: '1e3' }, 'Please enter a number (digits and one decimal point, such as 25.50)'],
      [{ price: '1.123456' }, ''], // more places than EURUSD's 5: refused, never rounded
      [{ price: '' }, ''],
      [{ condition: 'sideways' }, ''],
      [{ forex_id: 987_654 }, ''],
      [{ forex_id: 'x' }, ''],
      [{ note: 'n'.repeat(81) }, 'A note can be up to 80 characters.'],
      [{ kind: 'sideways' }, ''],
      // Day moves: 0.01 to 50 %, at most 2 decimals, exactly as typed (never rounded or clamped into range).
      ...['', '0', '0.001', '2.555', '50.01', '51', '100', '-2', '1e1', '2,5', 'abc', '.5'].map(
        (percent): [Record<string, string>, string] => [
          { kind: 'change', percent },
          'Enter a move from 0.01 to 50 % with at most 2 decimals.',
        ],
      ),
    ];
    for (const [form, msg] of cases) {
      const r = await create(u, form);
      expect(r.code, JSON.stringify(form)).toBe(0);
      expect(r.msg).not.toBe('');
      if (msg) expect(r.msg).toBe(msg);
    }
    expect((await u.client.post('/v1/api/alerts/delete', { id: 'x' })).code).toBe(0);
    const push = (form: Record<string, string>) =>
      u.client.post('/v1/api/alerts/push/subscribe', {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        p256dh: `BA${'A'.repeat(85)}`,
        auth: 'A'.repeat(22),
        ...form,
      });
    expect((await push({ endpoint: 'http://fcm.googleapis.com/fcm/send/abc' })).msg).toBe(
      "This browser's push service is not supported.",
    );
    expect((await push({ endpoint: 'https://169.254.169.254/latest' })).msg).toBe(
      "This browser's push service is not supported.",
    );
    expect((await push({ endpoint: 'https://user:pw@fcm.googleapis.com/x' })).code).toBe(0);
    // An allowed host on another port is another service: only the default HTTPS port (written or not) is taken.
    for (const endpoint of [
      'https://fcm.googleapis.com:8443/x',
      'https://fcm.googleapis.com:80/x',
      'https://a.notify.windows.com:444/x',
    ])
      expect((await push({ endpoint })).msg, endpoint).toBe("This browser's push service is not supported.");
    expect((await push({ p256dh: 'short' })).msg).toBe("This browser's notification subscription is not valid.");
    expect((await push({ auth: 'A'.repeat(40) })).code).toBe(0);
    expect(await countRows(server.ctx, ['price_alerts', 'push_subscriptions'])).toEqual(before);
    expect(
      (
        await u.client
          .withLang('de')
          .post('/v1/api/alerts/create', { forex_id: eurusd.Id, condition: 'above', price: '0' })
      ).msg,
    ).toBe('Geben Sie einen Preis über 0 ein.');
    expect(
      (
        await u.client
          .withLang('de')
          .post('/v1/api/alerts/create', { forex_id: eurusd.Id, kind: 'change', condition: 'above', percent: '0' })
      ).msg,
    ).toBe(GERMAN_PERCENT);
    // A valid subscription is stored, and a sign-out on that browser removes it.
    expect((await push({})).data).toEqual({ devices: 1 });
    expect(
      (await u.client.post('/v1/api/alerts/push/unsubscribe', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }))
        .data,
    ).toEqual({ devices: 0 });
  });
});

describe('alerts survive a restart', () => {
  const dbs = sharedDatabases();
  const dataDir = mkdtempSync(join(tmpdir(), 'tickwise-alerts-restart-'));
  afterAll(async () => {
    await dbs.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (db: Db, clock?: ManualClock) => {
    const s = await createServer({
      dataDir,
      db: keepOpen(db),
      market: { manual: true },
      logLevel: 'silent',
      distDir: join(dataDir, 'no-dist'),
      ...(clock ? { clock } : {}),
    });
    const baseUrl = await s.listen(0, '127.0.0.1');
    return { s, baseUrl, wsUrl: `${baseUrl.replace(/^http/, 'ws')}/v1/ws`, market: simulated(s.ctx.market) };
  };

  it('a waiting alert is loaded at start and fires on the next server; a fired one stays spent', async () => {
    const db = await dbs.open();
    const first = await start(db);
    const u = await registerAndLogin({ baseUrl: first.baseUrl, ctx: first.s.ctx });
    const make = (price: string) =>
      u.client.post<PriceAlerts>('/v1/api/alerts/create', { forex_id: eurusd.Id, condition: 'above', price });
    first.market.setPrice(CODE, '1.10000');
    await make('1.12000');
    await make('1.11000');
    await u.client.post<PriceAlerts>('/v1/api/alerts/create', {
      forex_id: eurusd.Id,
      kind: 'change',
      condition: 'above',
      percent: '20',
    });
    first.market.setPrice(CODE, '1.11500'); // the 1.11000 one fires before the restart
    await first.s.ctx.alerts.watcher?.idle();
    await first.s.close();

    const second = await start(db);
    expect(second.s.ctx.alerts.watcher?.size).toBe(2); // only the two still waiting
    const c = await alertSocket(second.wsUrl, u);
    second.market.setPrice(CODE, '1.13000');
    expect((await c.next(isType('PRICE_ALERT'))).data).toMatchObject({ price: '1.12000', fired_price: '1.13000' });
    await second.s.ctx.alerts.watcher?.idle();
    await barrier(c);
    expect(c.countSince(0, 'PRICE_ALERT')).toBe(1); // the one fired before the restart did not fire again
    second.market.setPrice(CODE, priceAt(second.market, 1.2, 'up')); // the day-move alert set before the restart
    expect((await c.next(isType('PRICE_ALERT'))).data).toMatchObject({
      kind: 'change',
      percent: '20',
      fired_change: '20.00',
    });
    c.close();
    await second.s.close();
  });

  it("a day-move alert measures each trading day from that day's open: at the day boundary it keeps waiting", async () => {
    const clock = manualClock(); // a Tuesday noon (UTC): EURUSD is open
    const s = await start(await dbs.open(), clock);
    const u = await registerAndLogin({ baseUrl: s.baseUrl, ctx: s.s.ctx }, { clock });
    await u.client.post('/v1/api/alerts/create', {
      forex_id: eurusd.Id,
      kind: 'change',
      condition: 'below',
      percent: '1',
    });
    const before = await alertSocket(s.wsUrl, u);
    s.market.setPrice(CODE, priceAt(s.market, 0.991, 'up')); // −0.90 % today
    expect(s.market.latest(CODE)?.change).toBe('-0.90');
    await s.s.ctx.alerts.watcher?.idle();
    await barrier(before);
    expect(before.countSince(0, 'PRICE_ALERT')).toBe(0);
    // A socket silent across a 24-hour clock jump is rightly closed as idle by the next market batch (and a clean-clone
    // run lost its ping that way): the next day is watched on a socket opened then.
    before.close();
    clock.advance(24 * 3600_000); // Wednesday noon: a new trading day, whose first tick is its open
    const c = await alertSocket(s.wsUrl, u);
    const yesterday = Number(s.market.latest(CODE)?.open);
    s.market.setPrice(CODE, s.market.latest(CODE)?.close ?? '');
    expect(s.market.latest(CODE)?.change).toBe('0.00');
    s.market.setPrice(CODE, priceAt(s.market, 0.995, 'down')); // −0.50 % today, about −1.4 % against yesterday's open
    expect(Number(s.market.latest(CODE)?.close)).toBeLessThan(yesterday * 0.99);
    await s.s.ctx.alerts.watcher?.idle();
    await barrier(c);
    expect(c.countSince(0, 'PRICE_ALERT')).toBe(0);
    s.market.setPrice(CODE, priceAt(s.market, 0.99, 'down')); // −1.00 % today
    expect((await c.next(isType('PRICE_ALERT'))).data).toMatchObject({
      kind: 'change',
      condition: 'below',
      fired_change: '-1.00',
    });
    c.close();
    await s.s.close();
  });
});
