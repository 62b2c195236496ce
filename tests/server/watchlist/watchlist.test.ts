// The watchlist on the account, through the real routes on the real database (TEST_DB=pglite and
// postgres): add at the end, a second add changes nothing, remove closes ranks, move reorders, the cap holds (also
// for two adds racing for the last place), unknown and unlisted instruments are refused, refusals change nothing, and
// one user's list is out of another's reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCHLIST_MAX, type Watchlist } from '../../../domain/watchlist.ts';
import type { Instrument } from '../../../domain/types.ts';
import { api, registerAndLogin, startTestServer, type RegisteredUser, type TestServer } from '../support/harness.ts';
import { insertTestInstruments } from '../support/engine-helpers.ts';

let server: TestServer;
let ids: number[]; // listed instruments, in the market's order

const list = async (u: RegisteredUser): Promise<number[]> => {
  const r = await u.client.get<Watchlist>('/v1/api/watchlist/list');
  expect(r.code).toBe(1);
  expect(r.data.max).toBe(WATCHLIST_MAX);
  return r.data.ids;
};
const add = (u: RegisteredUser, id: number) => u.client.post<Watchlist>('/v1/api/watchlist/add', { forex_id: id });
const remove = (u: RegisteredUser, id: number) =>
  u.client.post<Watchlist>('/v1/api/watchlist/remove', { forex_id: id });
const move = (u: RegisteredUser, id: number, to: number) =>
  u.client.post<Watchlist>('/v1/api/watchlist/move', { forex_id: id, to });

beforeAll(async () => {
  server = await startTestServer({ market: { manual: true } });
  const trade = await api(server.baseUrl).get<Instrument[]>('/v1/api/forex/trade_list');
  ids = trade.data.map((i) => i.Id);
  expect(ids.length).toBeGreaterThanOrEqual(4);
});
afterAll(async () => {
  await server?.close();
});

describe('watchlist', () => {
  it('adds at the end, ignores a second add, removes and reorders; every answer is the whole list', async () => {
    const u = await registerAndLogin(server);
    const [a, b, c, d] = ids as [number, number, number, number];
    expect(await list(u)).toEqual([]);
    expect((await add(u, c)).data.ids).toEqual([c]);
    expect((await add(u, a)).data.ids).toEqual([c, a]);
    expect((await add(u, b)).data.ids).toEqual([c, a, b]);
    expect((await add(u, a)).data.ids).toEqual([c, a, b]); // already there: stays where it is
    expect((await move(u, b, 0)).data.ids).toEqual([b, c, a]);
    expect((await move(u, b, 2)).data.ids).toEqual([c, a, b]);
    expect((await move(u, c, 1)).data.ids).toEqual([a, c, b]);
    expect((await remove(u, c)).data.ids).toEqual([a, b]);
    expect((await remove(u, d)).data.ids).toEqual([a, b]); // not on the list: already gone
    expect((await add(u, d)).data.ids).toEqual([a, b, d]);
    // Kept on the account: a new session (another device) reads the same order.
    const login = await api(server.baseUrl, { lang: 'en' }).post<{ token: string }>('/api/user/loginForU', {
      account: u.account,
      password: u.password,
      login_type: 'email',
    });
    expect(await list({ ...u, client: u.client.withToken(login.data.token) })).toEqual([a, b, d]);
  });

  it('refuses a move off the list or past its end, unknown and unlisted instruments, and changes nothing', async () => {
    const u = await registerAndLogin(server);
    const [a, b, c] = ids as [number, number, number];
    await add(u, a);
    await add(u, b);
    const refusedMove = await move(u, a, 2);
    expect(refusedMove.code).toBe(0);
    expect(refusedMove.msg).toBe('Choose a place within your 2 favourites.');
    const notListed = await move(u, c, 0);
    expect(notListed.code).toBe(0);
    expect(notListed.msg).toBe('This instrument is not in your favourites.');
    expect((await add(u, 987_654)).code).toBe(0); // no such instrument
    await insertTestInstruments(server.ctx.db); // disabled instruments: not in the market, not watchable
    expect((await add(u, 9001)).code).toBe(0);
    expect((await u.client.post('/v1/api/watchlist/move', { forex_id: a, to: -1 })).code).toBe(0);
    expect((await u.client.post('/v1/api/watchlist/add', { forex_id: 'x' })).code).toBe(0);
    expect(await list(u)).toEqual([a, b]);
    // In the user's language.
    expect((await u.client.withLang('de').post('/v1/api/watchlist/move', { forex_id: c, to: 0 })).msg).toBe(
      'Dieses Instrument ist nicht in Ihren Favoriten.',
    );
  });

  it(`holds at most ${WATCHLIST_MAX}, also when two adds race for the last place`, async () => {
    const u = await registerAndLogin(server);
    const db = server.ctx.db;
    // Enough listed instruments for the cap (the seeded market has fewer): a visible test category.
    await db.query('INSERT INTO categories (id, sort, enabled) VALUES (9950, 98, TRUE) ON CONFLICT (id) DO NOTHING');
    const extra = Array.from({ length: WATCHLIST_MAX + 1 }, (_, i) => 9600 + i);
    for (const id of extra) {
      await db.query(
        `INSERT INTO instruments (id, code, show_code, logo, category_id, market_class, price_precision, pip, min_cont,
           cont_num, margin_mode, multiples, fee_rate, base_price, annual_vol, tick_hz, enabled)
         VALUES ($1, $2, $2, '', 9950, 'fx', 5, 0.01, 0.01, 100000, 2, '{100}', 0.001, 1, 0.1, 0, TRUE)
         ON CONFLICT (id) DO NOTHING`,
        [id, `WL${id}`],
      );
    }
    for (const id of extra.slice(0, WATCHLIST_MAX - 1)) expect((await add(u, id)).code).toBe(1);
    // Two devices add at once with one place left: exactly one gets it.
    const [x, y] = await Promise.all([add(u, extra[WATCHLIST_MAX - 1]!), add(u, extra[WATCHLIST_MAX]!)]);
    expect([x.code, y.code].sort()).toEqual([0, 1]);
    const refused = x.code === 0 ? x : y;
    expect(refused.msg).toBe(`You can keep up to ${WATCHLIST_MAX} favourites. Remove one to add another.`);
    const full = await list(u);
    expect(full).toHaveLength(WATCHLIST_MAX);
    expect(new Set(full).size).toBe(WATCHLIST_MAX);
    expect((await add(u, ids[0]!)).code).toBe(0);
    // A place freed is a place to add again.
    await remove(u, full[0]!);
    expect((await add(u, ids[0]!)).data.ids.at(-1)).toBe(ids[0]);
  });

  it("keeps each user's list out of the others' reach", async () => {
    const alice = await registerAndLogin(server);
    const bob = await registerAndLogin(server);
    const [a, b] = ids as [number, number];
    await add(alice, a);
    await add(alice, b);
    expect(await list(bob)).toEqual([]);
    // Bob's changes touch only his list, whatever ids he names.
    expect((await remove(bob, a)).data.ids).toEqual([]);
    expect((await move(bob, b, 0)).code).toBe(0);
    await add(bob, b);
    expect(await list(alice)).toEqual([a, b]);
    expect(await list(bob)).toEqual([b]);
    // Without a session nothing is read or written.
    const visitor = api(server.baseUrl, { lang: 'en' });
    expect((await visitor.get('/v1/api/watchlist/list')).code).toBe(999);
    expect((await visitor.post('/v1/api/watchlist/add', { forex_id: a })).code).toBe(999);
    expect(await list(alice)).toEqual([a, b]);
  });
});
