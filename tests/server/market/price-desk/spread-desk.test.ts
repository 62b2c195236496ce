// The dealer's mark-up and the desk's "no trade at a frozen price" rules on the real server (docs/market-data.md
// "Spread", "Price health" and "Sanity limit"), with a fake clock, the simulator and one
// scriptable LP: a 1.5-pip EURUSD round trip costs exactly the spread plus the fee; a start with no tick quotes the
// stored bid with the mark-up above it; a widened source spread; a
// suspended simulator and an instrument whose every tick is refused are stale (feed-instruments never says live, and
// orders are refused); an offset or a mark-up beyond the limit is refused unless forced, and the forced change is
// recorded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import type { Order } from '../../../../domain/types.ts';
import { move } from '../../../../server/ledger/ledger.ts';
import { RecordType } from '../../../../server/ledger/record-types.ts';
import type { Queryable } from '../../../../server/db/db.ts';
import { INSTRUMENTS } from '../../../../server/market/instrument-catalogue.ts';
import { MarketService } from '../../../../server/market/market-service.ts';
import { marketSeeder } from '../../../../server/market/market-seeder.ts';
import { ScriptSource } from '../../../fixtures/script-source.ts';
import { runCli, type CliIo } from '../../../../server/ops/cli.ts';
import { ledgerCheck } from '../../support/engine-helpers.ts';
import {
  manualClock,
  opsOverHttp,
  registerAndLogin,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../support/harness.ts';

const clock = manualClock(); // a Tuesday, 12:00 UTC: every market open
const lp = new ScriptSource('lp-a', () => clock.now());
const EURUSD = 1;
let server: TestServer;
let market: MarketService;
let trader: ApiClient;
let traderId: number;

const ops = <T = unknown>(name: string, body: Record<string, string> = {}) => opsOverHttp<T>(server, name, body);

/** A desk command as the dealer runs it (recorded as desk-anna); `change` answers it without expecting success. */
const change = (name: string, body: Record<string, string>) => ops(name, body);

async function desk(name: string, body: Record<string, string>): Promise<void> {
  const r = await change(name, body);
  expect(r.msg).toBe('success');
}

type Row = Record<string, unknown>;
const instrumentRow = async (code: string): Promise<Row> =>
  (await ops<Row[]>('feed-instruments')).data.find((r) => r.code === code) ?? {};
const changes = async (): Promise<Row[]> => (await ops<Row[]>('feed-changes')).data;

function advance(ms: number): void {
  clock.advance(ms);
  market.advanceTo(clock.now());
}

async function price(code: string, p: string): Promise<void> {
  market.setPrice(code, p);
  await server.ctx.engine.idle();
}

const buy = (over: Record<string, string | number> = {}) => ({
  type: 1,
  cont: '1',
  forex_id: EURUSD,
  status: 1,
  multiple: 100,
  ...over,
});

beforeAll(async () => {
  server = await startTestServer({
    clock,
    market: { manual: true, priceSources: [lp, 'simulator'], desk: { checkMs: 3_600_000 } },
  });
  if (!(server.ctx.market instanceof MarketService)) throw new Error('no market service');
  market = server.ctx.market;
  const u = await registerAndLogin(server, { clock });
  traderId = u.user.id;
  await move(server.ctx.db, traderId, { balance: '100000', type: RecordType.MEMO, memo: 'test', at: clock.now() });
  trader = u.client;
});

afterAll(async () => {
  await server?.close();
});

describe('the mark-up', () => {
  it('a 1.5-pip EURUSD mark-up: bid and ask around the price, the tuple carries both, Close is the bid', async () => {
    await desk('feed-spread', { code: 'EURUSD', points: '15' });
    await price('EURUSD', '1.10000');
    const q = market.latest('EURUSD');
    expect(q).toMatchObject({ close: '1.09993', bid: '1.09993', ask: '1.10008' });
    const t = market.quoteTuple('EURUSD');
    expect(t?.[1]).toBe('1.09993');
    expect(t?.slice(5)).toEqual([null, null, '1.09993', '1.10008']);
    expect((await instrumentRow('EURUSD')).spread).toBe('fixed 15');
  });

  it('a process started while no tick comes (a shut market) quotes the stored bid with its mark-up above it', async () => {
    // A gateway's start reads the same stored history a writer's restart does, and no tick comes before the check.
    const started = await MarketService.start(
      { db: server.ctx.db, clock, timers: server.ctx.timers, log: null },
      { manual: true, follow: true },
    );
    try {
      const q = started.latest('EURUSD');
      expect(q?.bid).toBe(q?.close);
      expect(Math.round((Number(q?.ask) - Number(q?.bid)) * 1e5)).toBe(15);
      expect(started.quoteTuple('EURUSD')?.slice(7)).toEqual([q?.bid, q?.ask]);
      // An instrument without a mark-up stays one price.
      expect(started.latest('GBPUSD')).not.toHaveProperty('ask');
    } finally {
      await started.close();
    }
  });

  it('a 1-lot buy and immediate close costs exactly the spread plus the fee, to the cent', async () => {
    const before = (await ledgerCheck(server.ctx.db, traderId)).balance;
    const opened = await trader.get<Order>('/v1/api/forex/submit', buy());
    expect(opened.msg).toBe('success');
    expect(opened.data.Price).toBe('1.10008'); // at the ask
    expect(opened.data.UpdatePrice).toBe('1.09993'); // marked at the bid
    expect(opened.data.FactProfits).toBe('-15.000000');
    // margin 1 × 100000 × 1.10008 / 100 = 1100.08; fee (margin × 0.002) = 2.20016
    expect(opened.data.TradeFee).toBe('2.200160');
    const closed = await trader.get<Order>('/v1/api/forex/close', { id: opened.data.Id });
    expect(closed.msg).toBe('success');
    expect(closed.data.UpdatePrice).toBe('1.09993');
    expect(closed.data.FactProfits).toBe('-15.000000');
    const after = (await ledgerCheck(server.ctx.db, traderId)).balance;
    expect(Number(before) - Number(after)).toBeCloseTo(17.20016, 8);
    expect(after).toBe('99982.79984');
  });

  it('a spread of 0 is one price again: no bid or ask in the quote or the tuple', async () => {
    await desk('feed-spread', { code: 'EURUSD', points: '0' });
    await price('EURUSD', '1.10000');
    const q = market.latest('EURUSD');
    expect(q?.close).toBe('1.10000');
    expect(q?.ask).toBeUndefined();
    expect(market.quoteTuple('EURUSD')).toHaveLength(5);
    expect((await instrumentRow('EURUSD')).spread).toBe('none');
  });

  it("widens a source's own spread by the points, half on each side", async () => {
    await desk('feed-map', { source: 'lp-a', symbol: 'GBP/USD', code: 'GBPUSD' });
    await desk('feed-spread', { code: 'GBPUSD', points: '4', mode: 'widen' });
    lp.quote('GBP/USD', { bid: '1.27000', ask: '1.27010' });
    expect(market.latest('GBPUSD')).toMatchObject({ close: '1.26998', ask: '1.27012' });
    await desk('feed-spread', { code: 'GBPUSD', points: '0', mode: 'widen' }); // the source's spread as it is
    lp.quote('GBP/USD', { bid: '1.27000', ask: '1.27010' });
    expect(market.latest('GBPUSD')).toMatchObject({ close: '1.27000', ask: '1.27010' });
    await desk('feed-spread', { code: 'GBPUSD', points: '0' });
  });

  it('refuses bad input and changes nothing', async () => {
    const bad: Record<string, string>[] = [
      { points: '-1' },
      { points: '1.5' },
      { points: '10', mode: 'wide' },
      { points: '1', force: 'x' },
    ];
    for (const body of bad) {
      const r = await change('feed-spread', { code: 'EURUSD', ...body });
      expect(r.code).toBe(0);
    }
    expect((await instrumentRow('EURUSD')).spread).toBe('none');
  });

  it("a new install's instruments start at the seeded mark-up; seeding again keeps an install's own", async () => {
    const NGAS = 29;
    const rules = (q: Queryable) =>
      q.query('SELECT instrument_id, spread_mode, spread_points FROM feed_rules WHERE instrument_id IN (1, 29)');
    // The template is an install without rules: seeding it again adds none.
    await marketSeeder.run(server.ctx.db, clock.now());
    expect(await rules(server.ctx.db)).toEqual([{ instrument_id: EURUSD, spread_mode: null, spread_points: 0 }]);
    let seeded: unknown[] = [];
    const asNew = server.ctx.db.tx(async (q) => {
      await q.query('DELETE FROM instruments WHERE id = $1', [NGAS]);
      await marketSeeder.run(q, clock.now());
      seeded = await rules(q);
      throw new Error('rolled back');
    });
    await expect(asNew).rejects.toThrow('rolled back');
    expect(seeded).toEqual(
      expect.arrayContaining([
        {
          instrument_id: NGAS,
          spread_mode: 'fixed',
          spread_points: INSTRUMENTS.find((d) => d.code === 'NGAS')?.spreadPoints,
        },
        { instrument_id: EURUSD, spread_mode: null, spread_points: 0 },
      ]),
    );
    expect(seeded).toHaveLength(2);
  });
});

describe('no trade at a price the desk does not call live', () => {
  it('an instrument only the simulator quotes is stale once the simulator is suspended', async () => {
    await price('EURUSD', '1.10000');
    expect((await instrumentRow('EURUSD')).state).toBe('live');
    await desk('feed-suspend', { source: 'simulator', reason: 'probe' });
    expect((await instrumentRow('EURUSD')).state).toBe('stale');
    expect(market.latest('EURUSD')?.deskFlag).toBe('stale');
    const r = await trader.get('/v1/api/forex/submit', buy());
    expect(r.msg).toBe(en.errors.price_stale);
    advance(60_000); // still stale, whatever time passes
    expect((await instrumentRow('EURUSD')).state).toBe('stale');
    await desk('feed-unsuspend', { source: 'simulator' });
    expect((await instrumentRow('EURUSD')).state).toBe('live');
    expect((await trader.get('/v1/api/forex/submit', buy({ cont: '0.01' }))).msg).toBe('success');
  });

  it('an instrument whose every tick is refused goes stale after the stale limit (10 s, the simulator too)', async () => {
    await price('EURUSD', '1.10000');
    // An offset that makes every price negative: beyond the limit, so it needs --force.
    const refused = await change('feed-map', { source: 'simulator', symbol: 'EURUSD', code: 'EURUSD', offset: '-5' });
    expect(refused.code).toBe(0);
    await desk('feed-map', { source: 'simulator', symbol: 'EURUSD', code: 'EURUSD', offset: '-5', force: 'yes' });
    // A pending buy limit just under the price: it must not fill at any price the desk refused.
    const pending = await trader.get<Order>(
      '/v1/api/forex/submit',
      buy({ cont: '0.01', status: 0, target_price: '1.09000' }),
    );
    expect(pending.msg).toBe('success');
    await price('EURUSD', '1.08000'); // refused (1.08 − 5 < 0): the quote stays 1.10000
    expect(market.latest('EURUSD')?.close).toBe('1.10000');
    advance(9_000);
    expect((await instrumentRow('EURUSD')).state).toBe('live'); // within the limit
    await price('EURUSD', '1.08000');
    advance(1_000);
    const row = await instrumentRow('EURUSD');
    expect(row.state).toBe('stale');
    expect((await trader.get('/v1/api/forex/submit', buy())).msg).toBe(en.errors.price_stale);
    const [stored] = await server.ctx.db.query<{ status: number }>('SELECT status FROM orders WHERE id = $1', [
      pending.data.Id,
    ]);
    expect(Number(stored?.status)).toBe(0); // still pending: nothing filled at a refused price
    // Put right: the next good tick makes it live again.
    await desk('feed-map', { source: 'simulator', symbol: 'EURUSD', code: 'EURUSD', offset: '0' });
    await price('EURUSD', '1.10000');
    expect((await instrumentRow('EURUSD')).state).toBe('live');
    expect((await trader.get('/v1/api/forex/cancel_trade', { id: pending.data.Id })).msg).toBe('success');
  });
});

describe('the sanity limit of an offset and a mark-up', () => {
  it('an offset beyond 5 % of the price is refused with a reason, changes nothing, and is recorded when forced', async () => {
    lp.quote('GBP/USD', { bid: '1.27000', ask: '1.27010' });
    const before = (await changes()).length;
    const r = await change('feed-offset', { source: 'lp-a', code: 'GBPUSD', offset: '0.07' });
    expect(r.code).toBe(0);
    expect(r.msg).toContain('--force');
    expect(r.msg).toContain('5%');
    const mapped = (await ops<Row[]>('feed-mappings')).data.find((m) => m.code === 'GBPUSD');
    expect(mapped?.offset).toBe('0');
    expect((await changes()).length).toBe(before);
    await desk('feed-offset', { source: 'lp-a', code: 'GBPUSD', offset: '0.06' }); // 4.7 %: within
    await desk('feed-offset', { source: 'lp-a', code: 'GBPUSD', offset: '-0.07', force: 'yes' });
    const log = await changes();
    expect(log[0]).toMatchObject({ by: 'break-glass', command: 'feed-offset --force' });
    expect(String(log[0]?.detail)).toContain('forced');
    expect(log[1]).toMatchObject({ command: 'feed-offset' }); // the 0.06 within the limit: a plain record
    await desk('feed-offset', { source: 'lp-a', code: 'GBPUSD', offset: '0' });
  });

  it("the instrument's own spike limit is the limit when set", async () => {
    await desk('feed-rule', { code: 'GBPUSD', 'spike-pct': '1' });
    expect((await change('feed-offset', { source: 'lp-a', code: 'GBPUSD', offset: '0.02' })).code).toBe(0);
    await desk('feed-offset', { source: 'lp-a', code: 'GBPUSD', offset: '0.01' });
    await desk('feed-offset', { source: 'lp-a', code: 'GBPUSD', offset: '0' });
    await desk('feed-rule', { code: 'GBPUSD', 'spike-pct': 'default' });
  });

  it('`npm run ops` takes --force as a flag without a value', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { out: (t) => out.push(t), err: (t) => err.push(t), fetch };
    const env = { OPS_URL: server.baseUrl, OPS_TOKEN: server.opsToken };
    const args = ['feed-offset', '--source', 'lp-a', '--code', 'GBPUSD', '--offset', '0.07'];
    expect(await runCli(args, env, io)).toBe(1);
    expect(err.join('')).toContain('--force');
    expect(await runCli([...args, '--force'], env, io)).toBe(0);
    expect((await changes())[0]).toMatchObject({ by: 'break-glass', command: 'feed-offset --force' });
    await desk('feed-offset', { source: 'lp-a', code: 'GBPUSD', offset: '0' });
  });

  it('a mark-up beyond the limit needs --force too', async () => {
    await price('EURUSD', '1.10000');
    const r = await change('feed-spread', { code: 'EURUSD', points: '6000' }); // 0.06 = 5.5 % of 1.1
    expect(r.code).toBe(0);
    expect((await instrumentRow('EURUSD')).spread).toBe('none');
    await desk('feed-spread', { code: 'EURUSD', points: '6000', force: 'yes' });
    expect((await instrumentRow('EURUSD')).spread).toBe('fixed 6000');
    expect((await changes())[0]).toMatchObject({ command: 'feed-spread --force' });
    await desk('feed-spread', { code: 'EURUSD', points: '0' });
  });
});
