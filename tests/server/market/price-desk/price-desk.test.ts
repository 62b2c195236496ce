// The market writer's source layer on the real server (docs/market-data.md), with a fake clock and two
// scriptable in-test price sources ahead of the simulator in PRICE_SOURCES: the mapping table and the price rule,
// a tick reaching klines and triggers, spikes held with nothing fired, stale shown and refused, fail-over and
// hand-back, a suspended source, an offset, a halt, each bad input refused and counted, a source's refusal shown to
// the operator — and a server started as `npm start` does, which quotes everything from the simulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import type { Instrument, Order } from '../../../../domain/types.ts';
import { configFromEnv } from '../../../../server/config.ts';
import { move } from '../../../../server/ledger/ledger.ts';
import { RecordType } from '../../../../server/ledger/record-types.ts';
import { MarketService } from '../../../../server/market/market-service.ts';
import type { RawTick } from '../../../../server/market/sources/price-source.ts';
import { ScriptSource } from '../../../fixtures/script-source.ts';
import { parseMt5Csv } from '../../../../server/market/sources/replay-csv.ts';
import { ReplaySource } from '../../../../server/market/sources/replay-source.ts';
import { IDLE_TIMERS } from '../../../fixtures/null-services.ts';
import { PRICE_DESK_COMMANDS } from '../../../../server/ops/commands/price-desk.ts';
import {
  api,
  manualClock,
  opsCommand,
  opsOverHttp,
  registerAndLogin,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../support/harness.ts';
import { Client, isType } from '../../support/ws-client.ts';

const clock = manualClock(); // a Tuesday, 12:00 UTC: every market open
const lpA = new ScriptSource('lp-a', () => clock.now());
const lpB = new ScriptSource('lp-b', () => clock.now());
const EURUSD = 1;
let server: TestServer;
let market: MarketService;
let trader: ApiClient;

const ops = <T = unknown>(name: string, body: Record<string, string> = {}) => opsOverHttp<T>(server, name, body);

async function desk(name: string, body: Record<string, string>): Promise<void> {
  const r = await ops(name, body);
  expect(r.msg).toBe('success');
  expect(r.code).toBe(1);
}

type Row = Record<string, unknown>;
const sourceRow = async (name: string): Promise<Row> =>
  (await ops<Row[]>('feeds')).data.find((r) => r.source === name) ?? {};
const instrumentRow = async (code: string): Promise<Row> =>
  (await ops<Row[]>('feed-instruments')).data.find((r) => r.code === code) ?? {};
const close = (code = 'EURUSD'): string | undefined => market.latest(code)?.close;

/** Moves the fake clock and lets the writer judge its feeds at the new time. */
function advance(ms: number): void {
  clock.advance(ms);
  market.advanceTo(clock.now());
}

async function tick(src: ScriptSource, symbol: string, fields: Partial<RawTick>): Promise<void> {
  src.quote(symbol, fields);
  await server.ctx.engine.idle();
}

const buy = (over: Record<string, string | number> = {}) => ({
  type: 1,
  cont: '0.1',
  forex_id: EURUSD,
  status: 1,
  multiple: 100,
  ...over,
});

beforeAll(async () => {
  server = await startTestServer({
    clock,
    market: { manual: true, priceSources: [lpA, lpB, 'simulator'], desk: { checkMs: 3_600_000 } },
  });
  if (!(server.ctx.market instanceof MarketService)) throw new Error('no market service');
  market = server.ctx.market;
  const u = await registerAndLogin(server, { clock });
  await move(server.ctx.db, u.user.id, {
    balance: '100000',
    type: RecordType.MEMO,
    memo: 'test deposit',
    at: clock.now(),
  });
  trader = u.client;
});

afterAll(async () => {
  await server?.close();
});

describe('mapping and the price rule', () => {
  it('an instrument mapped to an LP waits stale for it: the simulator is never its silent fallback', async () => {
    const before = close();
    await desk('feed-map', { source: 'lp-a', symbol: 'EUR/USD', code: 'EURUSD' });
    expect(lpA.symbols).toEqual(['EUR/USD']);
    expect(market.latest('EURUSD')?.deskFlag).toBe('stale');
    advance(5000); // the simulator walks every other instrument, not this one
    expect(close()).toBe(before);
    const r = await trader.get('/v1/api/forex/submit', buy());
    expect(r.msg).toBe(en.errors.price_stale);
    expect((await instrumentRow('EURUSD')).state).toBe('stale');
    const mapped = await ops<Row[]>('feed-mappings');
    expect(mapped.data).toContainEqual({ source: 'lp-a', symbol: 'EUR/USD', code: 'EURUSD', offset: '0' });
  });

  it('makes mid of bid/ask by default (half a tick up), and bid, ask or last when the desk says', async () => {
    await tick(lpA, 'EUR/USD', { bid: '1.10000', ask: '1.10010' });
    expect(close()).toBe('1.10005');
    expect(market.latest('EURUSD')?.deskFlag).toBeUndefined();
    await tick(lpA, 'EUR/USD', { bid: '1.10000', ask: '1.10003' });
    expect(close()).toBe('1.10002');
    await tick(lpA, 'EUR/USD', { ask: '1.10011' }); // an incremental moving one side keeps the other
    expect(close()).toBe('1.10006');
    for (const [rule, want] of [
      ['bid', '1.10000'],
      ['ask', '1.10010'],
      ['last', '1.10004'],
    ] as const) {
      await desk('feed-rule', { code: 'EURUSD', rule });
      await tick(lpA, 'EUR/USD', { bid: '1.10000', ask: '1.10010', last: '1.10004' });
      expect(close()).toBe(want);
    }
    await desk('feed-rule', { code: 'EURUSD', rule: 'mid' });
    await tick(lpA, 'EUR/USD', { bid: '1.10000', ask: '1.10010' });
    expect(close()).toBe('1.10005');
    expect(await instrumentRow('EURUSD')).toMatchObject({
      state: 'live',
      source: 'lp-a',
      symbol: 'EUR/USD',
      rule: 'mid',
    });
  });

  it('a made price reaches the klines and the triggers: a pending order fills on it', async () => {
    const placed = await trader.get<Order>('/v1/api/forex/submit', buy({ status: 0, target_price: '1.10000' }));
    expect(placed.code).toBe(1);
    await tick(lpA, 'EUR/USD', { bid: '1.09990', ask: '1.09996' });
    expect(close()).toBe('1.09993');
    expect(market.store.liveBar(EURUSD, 0)?.c).toBe(109993);
    const held = await trader.get<{ data: Order[] }>('/v1/api/forex/my_deal', { status: 1 });
    expect(held.data.data.map((o) => o.Id)).toContain(placed.data.Id);
  });
});

describe('feed health', () => {
  it('holds a spike and counts it; no trigger fires on it; the next good tick trades', async () => {
    await desk('feed-rule', { code: 'EURUSD', 'spike-pct': '1' });
    const pending = await trader.get<Order>('/v1/api/forex/submit', buy({ status: 0, target_price: '1.09000' }));
    const stopLoss = await trader.get<Order>('/v1/api/forex/submit', buy({ stop_loss_price: '1.09500' }));
    const takeProfit = await trader.get<Order>(
      '/v1/api/forex/submit',
      buy({ type: 2, target_profit_price: '1.09500' }),
    );
    expect([pending.code, stopLoss.code, takeProfit.code]).toEqual([1, 1, 1]);
    // −5 %: through the pending order's price, the buy's stop-loss and the sell's stop-profit.
    await tick(lpA, 'EUR/USD', { bid: '1.04000', ask: '1.04010' });
    expect(close()).toBe('1.09993');
    const still = await trader.get<{ data: Order[] }>('/v1/api/forex/my_deal', { status: 0 });
    expect(still.data.data.map((o) => o.Id)).toContain(pending.data.Id);
    const holding = await trader.get<{ data: Order[] }>('/v1/api/forex/my_deal', { status: 1 });
    expect(holding.data.data.map((o) => o.Id)).toEqual(expect.arrayContaining([stopLoss.data.Id, takeProfit.data.Id]));
    expect((await sourceRow('lp-a')).spikes_held).toBe(1);
    expect((await instrumentRow('EURUSD')).spikes_held).toBe(1);
    await tick(lpA, 'EUR/USD', { bid: '1.10000', ask: '1.10010' });
    expect(close()).toBe('1.10005');
    const events = (await ops<Row[]>('feed-events')).data.map((e) => e.kind);
    expect(events).toContain('spike held');
    await trader.get('/v1/api/forex/cancel_trade', { id: pending.data.Id });
    for (const o of [stopLoss, takeProfit])
      expect((await trader.get('/v1/api/forex/close', { id: o.data.Id })).code).toBe(1);
  });

  it('takes a move the source confirms with three ticks in a row at the new level', async () => {
    await tick(lpA, 'EUR/USD', { bid: '1.12000', ask: '1.12010' });
    await tick(lpA, 'EUR/USD', { bid: '1.12002', ask: '1.12012' });
    expect(close()).toBe('1.10005');
    await tick(lpA, 'EUR/USD', { bid: '1.12004', ask: '1.12014' });
    expect(close()).toBe('1.12009');
  });

  it('goes stale past the limit: DAY_MARKET flags it, orders are refused with the reason, a tick brings it back', async () => {
    await desk('feed-rule', { code: 'EURUSD', 'stale-ms': '3000' });
    advance(3001);
    expect(market.latest('EURUSD')?.deskFlag).toBe('stale');
    expect(market.quoteTuple('EURUSD')?.slice(4)).toEqual([1, 'stale']);
    const ws = await Client.open(server.wsUrl);
    try {
      ws.send({ type: 'sub', topic: 'DAY_MARKET' });
      const snap = await ws.next(isType('DAY_MARKET'));
      const row = (snap.data as unknown[][]).find((t) => t[0] === 'EURUSD');
      expect(row?.[5]).toBe('stale');
    } finally {
      ws.close();
    }
    expect((await trader.get('/v1/api/forex/submit', buy())).msg).toBe(en.errors.price_stale);
    await tick(lpA, 'EUR/USD', { bid: '1.12000', ask: '1.12010' });
    expect(market.latest('EURUSD')?.deskFlag).toBeUndefined();
    expect((await trader.get('/v1/api/forex/submit', buy())).code).toBe(1);
  });

  it('fails over to the next source in priority when the primary goes stale, and hands back when it ticks', async () => {
    await desk('feed-map', { source: 'lp-b', symbol: 'EURUSD.b', code: 'EURUSD' });
    await tick(lpB, 'EURUSD.b', { bid: '1.12100', ask: '1.12110' });
    expect(close()).toBe('1.12005'); // the primary drives while healthy
    advance(2000);
    await tick(lpB, 'EURUSD.b', { bid: '1.12100', ask: '1.12110' });
    advance(1500); // the primary's last tick is 3.5 s old: past its 3 s limit; the backup's is 1.5 s
    expect((await instrumentRow('EURUSD')).source).toBe('lp-b');
    expect(market.latest('EURUSD')?.deskFlag).toBeUndefined();
    await tick(lpB, 'EURUSD.b', { bid: '1.12120', ask: '1.12130' });
    expect(close()).toBe('1.12125');
    expect((await sourceRow('lp-a')).failovers).toBe(1);
    await tick(lpA, 'EUR/USD', { bid: '1.12000', ask: '1.12010' });
    expect(close()).toBe('1.12005');
    expect((await instrumentRow('EURUSD')).source).toBe('lp-a');
    const kinds = (await ops<Row[]>('feed-events')).data.map((e) => `${String(e.kind)} ${String(e.detail)}`);
    expect(kinds).toContain('fail-over EURUSD: lp-a → lp-b');
    expect(kinds).toContain('hand-back EURUSD: lp-b → lp-a');
  });

  it('a source that says it is down loses its instruments at once', async () => {
    await tick(lpB, 'EURUSD.b', { bid: '1.12100', ask: '1.12110' });
    lpA.sink.connection(false, 'logout: test');
    expect((await instrumentRow('EURUSD')).source).toBe('lp-b');
    expect((await sourceRow('lp-a')).state).toBe('down');
    lpA.sink.connection(true, 'logon');
    await tick(lpA, 'EUR/USD', { bid: '1.12000', ask: '1.12010' });
    expect((await instrumentRow('EURUSD')).source).toBe('lp-a');
  });
});

describe('the dealing desk', () => {
  it('a suspended source is counted but never used; resumed, it drives again', async () => {
    await tick(lpB, 'EURUSD.b', { bid: '1.12100', ask: '1.12110' });
    await desk('feed-suspend', { source: 'lp-a', reason: 'quotes off the market' });
    expect(await sourceRow('lp-a')).toMatchObject({ state: 'suspended', detail: 'quotes off the market' });
    expect((await instrumentRow('EURUSD')).source).toBe('lp-b');
    await tick(lpA, 'EUR/USD', { bid: '1.13000', ask: '1.13010' });
    expect(close()).not.toBe('1.13005');
    await desk('feed-unsuspend', { source: 'lp-a' });
    await tick(lpA, 'EUR/USD', { bid: '1.12000', ask: '1.12010' });
    expect(close()).toBe('1.12005');
  });

  it("adds a source's fixed offset for an instrument, refusing more decimals than the instrument has", async () => {
    await desk('feed-offset', { source: 'lp-a', code: 'EURUSD', offset: '-0.00020' });
    await tick(lpA, 'EUR/USD', { bid: '1.12000', ask: '1.12010' });
    expect(close()).toBe('1.11985');
    expect((await ops('feed-offset', { source: 'lp-a', code: 'EURUSD', offset: '0.000001' })).code).not.toBe(1);
    await desk('feed-offset', { source: 'lp-a', code: 'EURUSD', offset: '0' });
    await tick(lpA, 'EUR/USD', { bid: '1.12000', ask: '1.12010' });
    expect(close()).toBe('1.12005');
  });

  it('halts an instrument with a reason traders see, records who did it, and resumes it', async () => {
    const reason = 'Price check with the liquidity provider';
    const subscribes = lpA.subscribes;
    await desk('feed-halt', { code: 'EURUSD', reason });
    expect(lpA.subscribes).toBe(subscribes); // a desk change that keeps the LP's symbols does not ask it again
    expect(market.quoteTuple('EURUSD')?.slice(4)).toEqual([0, 'halted', reason]);
    const list = await api(server.baseUrl, { lang: 'en' }).get<Instrument[]>('/v1/api/forex/trade_list');
    expect(list.data.find((i) => i.Code === 'EURUSD')?.MarketStatus).toBe(0);
    expect((await trader.get('/v1/api/forex/submit', buy())).msg).toBe(`Trading in this product is halted: ${reason}`);
    const held = await trader.get<{ data: Order[] }>('/v1/api/forex/my_deal', { status: 1 });
    const first = held.data.data[0];
    expect(first).toBeDefined();
    expect((await trader.get('/v1/api/forex/close', { id: first?.Id ?? 0 })).msg).toBe(
      `Trading in this product is halted: ${reason}`,
    );
    await tick(lpA, 'EUR/USD', { bid: '1.12100', ask: '1.12110' });
    expect(close()).toBe('1.12005'); // frozen while halted: nothing trades or triggers on it
    const changes = (await ops<Row[]>('feed-changes')).data;
    expect(changes[0]).toMatchObject({
      by: 'break-glass', // the desk's change names who made it: here the break-glass token of the test
      command: 'feed-halt',
      detail: `EURUSD: ${reason}`,
      at: new Date(clock.now()).toISOString(),
    });
    await desk('feed-resume', { code: 'EURUSD' });
    expect(market.quoteTuple('EURUSD')?.slice(4)).toEqual([1]);
    expect((await trader.get('/v1/api/forex/submit', buy())).code).toBe(1);
  });
});

describe('bad input from a source', () => {
  const now = (): number => clock.now();
  it.each<[string, Partial<RawTick> & { symbol?: unknown }, string]>([
    ['no symbol', { symbol: undefined, bid: '1.1', ask: '1.2' }, 'malformed'],
    ['no price at all', { symbol: 'EUR/USD' }, 'malformed'],
    ['an unknown symbol', { symbol: 'EUR/JPY', bid: '160.100', ask: '160.110' }, 'unknown_symbol'],
    ['a negative price', { symbol: 'EUR/USD', bid: '-1.12000', ask: '1.12010' }, 'bad_price'],
    ['a zero price', { symbol: 'EUR/USD', bid: '0', ask: '1.12010' }, 'bad_price'],
    ['NaN', { symbol: 'EUR/USD', bid: 'NaN', ask: '1.12010' }, 'bad_price'],
    ['a crossed bid/ask', { symbol: 'EUR/USD', bid: '1.12020', ask: '1.12010' }, 'crossed'],
    ['more decimals than the instrument', { symbol: 'EUR/USD', bid: '1.120001', ask: '1.12010' }, 'precision'],
    [
      'a time from the future',
      { symbol: 'EUR/USD', bid: '1.12000', ask: '1.12010', sourceTime: Date.UTC(2027, 0, 1) },
      'future_time',
    ],
    [
      'a time far in the past',
      { symbol: 'EUR/USD', bid: '1.12000', ask: '1.12010', sourceTime: Date.UTC(2025, 0, 1) },
      'old_time',
    ],
  ])('refuses %s and counts it; the other symbols go on', async (_what, fields, reason) => {
    await desk('feed-map', { source: 'lp-a', symbol: 'BTC-USDT', code: 'BTCUSDT' });
    const before = close();
    const counted = Number(
      ((await sourceRow('lp-a')).reject_reasons as string).match(new RegExp(`${reason}:(\\d+)`))?.[1] ?? 0,
    );
    lpA.sink.tick({ sourceTime: now(), ...fields } as RawTick);
    expect(close()).toBe(before);
    const row = await sourceRow('lp-a');
    expect(row.reject_reasons).toContain(`${reason}:${counted + 1}`);
    const latest = (await ops<Row[]>('feed-rejects')).data[0];
    expect(latest).toMatchObject({ source: 'lp-a', reason });
    const btc = `6${String(10_000 + counted).slice(1)}.50`;
    await tick(lpA, 'BTC-USDT', { last: btc });
    expect(close('BTCUSDT')).toBe(btc);
  });

  it('counts a message the source could not read (a wrong checksum) as malformed', async () => {
    const before = Number(((await sourceRow('lp-a')).reject_reasons as string).match(/malformed:(\d+)/)?.[1] ?? 0);
    lpA.sink.malformed('checksum 10=123 does not match');
    expect((await sourceRow('lp-a')).reject_reasons).toContain(`malformed:${before + 1}`);
  });

  it('shows the operator a symbol the source refused to quote', async () => {
    lpA.sink.rejected('XAU/USD', '35=Y: unknown symbol');
    expect((await sourceRow('lp-a')).refused_symbols).toContain('XAU/USD (35=Y: unknown symbol)');
    expect((await ops<Row[]>('feed-rejects')).data[0]).toMatchObject({
      source: 'lp-a',
      symbol: 'XAU/USD',
      reason: 'refused by source: 35=Y: unknown symbol',
    });
    expect((await ops<Row[]>('feed-events')).data[0]).toMatchObject({ kind: 'symbol refused by source' });
  });
});

describe('the simulator as an explicit backup', () => {
  it('backs an LP only when mapped to it, and stops when unmapped', async () => {
    await desk('feed-rule', { code: 'EURUSD', 'spike-pct': '0' }); // the walk starts from its own history, far away
    await desk('feed-map', { source: 'simulator', symbol: 'EURUSD', code: 'EURUSD' });
    advance(5000); // both LPs silent past the 3 s limit; the walk ticks EURUSD meanwhile
    expect(await instrumentRow('EURUSD')).toMatchObject({ state: 'live', source: 'simulator' });
    await desk('feed-unmap', { source: 'simulator', code: 'EURUSD' });
    advance(100);
    expect(await instrumentRow('EURUSD')).toMatchObject({ state: 'stale', source: null });
    expect((await ops('feed-unmap', { source: 'simulator', code: 'EURUSD' })).msg).toBe(en.errors.not_found);
  });
});

describe('a replay source on the real server', () => {
  let replayServer: TestServer;
  const replayClock = manualClock();
  const csv = [
    '<DATE>\t<TIME>\t<BID>\t<ASK>\t<LAST>\t<VOLUME>\t<FLAGS>',
    '2024.01.02\t00:00:00.000\t1.10412\t1.10420\t\t\t6',
    '2024.01.02\t00:00:02.000\t1.10414\t1.10424\t\t\t6',
  ].join('\n');
  const replay = new ReplaySource(
    parseMt5Csv(csv, 'EURUSD.r').records,
    { clock: replayClock, timers: IDLE_TIMERS },
    { speed: 2, loop: false, stepMs: 50 },
  );
  beforeAll(async () => {
    replayServer = await startTestServer({
      clock: replayClock,
      market: { manual: true, priceSources: [replay, 'simulator'], desk: { checkMs: 3_600_000 } },
    });
  });
  afterAll(async () => {
    await replayServer?.close();
  });

  it('plays the CSV into the market at its speed, once mapped', async () => {
    const m = replayServer.ctx.market;
    if (!(m instanceof MarketService)) throw new Error('no market service');
    await opsCommand(
      PRICE_DESK_COMMANDS,
      () => replayServer,
      'feed-map',
    )({ source: 'replay', symbol: 'EURUSD.r', code: 'EURUSD' });
    replay.pump();
    expect(m.latest('EURUSD')?.close).toBe('1.10416');
    replayClock.advance(999); // 2× speed: the second record is 2 s of file time later, so 1 s of ours
    replay.pump();
    expect(m.latest('EURUSD')?.close).toBe('1.10416');
    replayClock.advance(1);
    replay.pump();
    expect(m.latest('EURUSD')?.close).toBe('1.10419');
    expect(m.store.liveBar(EURUSD, 0)?.c).toBe(110419);
  });
});

describe('a server started as `npm start` does, with nothing configured', () => {
  let plain: TestServer;
  const plainClock = manualClock();
  beforeAll(async () => {
    plain = await startTestServer({ clock: plainClock, market: { ...configFromEnv({}).market, manual: true } });
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('quotes every instrument from the simulator, none stale', async () => {
    const m = plain.ctx.market;
    if (!(m instanceof MarketService)) throw new Error('no market service');
    const status = plain.ctx.priceDesk?.status();
    expect(status?.sources.map((s) => s.name)).toEqual(['simulator']);
    const before = m.all().map((q) => q.close);
    plainClock.advance(60_000);
    m.advanceTo(plainClock.now());
    const after = plain.ctx.priceDesk?.status();
    expect(after?.sources[0]?.driving).toBe(m.list.length);
    expect(after?.instruments.filter((i) => i.state === 'stale')).toEqual([]);
    expect(m.all().map((q) => q.close)).not.toEqual(before);
    expect(m.all().every((q) => q.deskFlag === undefined)).toBe(true);
  });
});
