// Real sources on the real server: the FIX 4.4 adapter logged on to the stand-in LP and the exchange-stream
// adapter on a local Binance-format stream, both named in PRICE_SOURCES ahead of the simulator and built from their
// settings. An LP quote reaches the klines and fills a pending order; a symbol the LP rejects is shown to the
// operator; crossed, zero and absurd prices are refused or held and a wrong checksum is counted; exchange tickers
// quote a crypto instrument. The price desk's own rules are tested in feeds.test.ts with scripted sources.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../../domain/types.ts';
import { move } from '../../../../server/ledger/ledger.ts';
import { RecordType } from '../../../../server/ledger/record-types.ts';
import { MarketService } from '../../../../server/market/market-service.ts';
import { ExchangeStream } from '../../../fixtures/exchange-stream.ts';
import { StandInLp } from '../../../fixtures/fix-lp.ts';
import { slow } from '../../../fixtures/slowness.ts';
import { freePort } from '../../../fixtures/free-port.ts';
import { until } from '../../../fixtures/until.ts';
import {
  manualClock,
  opsOverHttp,
  registerAndLogin,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../support/harness.ts';

const clock = manualClock();
const EURUSD = 1;
let server: TestServer;
let market: MarketService;
let trader: ApiClient;
let lp: StandInLp;
let stream: ExchangeStream;
let dir: string;
const waits = { tries: 2000, stepMs: 5 };

type Row = Record<string, unknown>;
const ops = <T = Row[]>(name: string, body: Record<string, string> = {}) => opsOverHttp<T>(server, name, body);
const sourceRow = async (name: string): Promise<Row> => (await ops('feeds')).data.find((r) => r.source === name) ?? {};
const close = (code = 'EURUSD'): string | undefined => market.latest(code)?.close;
const counted = (row: Row, reason: string): number =>
  Number(String(row.reject_reasons).match(new RegExp(`${reason}:(\\d+)`))?.[1] ?? 0);

async function map(source: string, symbol: string, code: string): Promise<void> {
  const r = await ops('feed-map', { source, symbol, code });
  expect(r.msg).toBe('success');
}

beforeAll(async () => {
  const [lpPort, wsPort] = [await freePort(), await freePort()];
  lp = new StandInLp({
    port: lpPort,
    now: () => clock.now(),
    rejectSymbols: ['XAU/XAG'],
    prices: { 'EUR/USD': ['1.10000', '1.10010'] },
  });
  await lp.start();
  stream = new ExchangeStream(wsPort);
  await stream.start();
  dir = mkdtempSync(join(tmpdir(), 'fix-feed-'));
  server = await startTestServer({
    clock,
    market: {
      manual: true,
      priceSources: ['fix', 'exchange', 'simulator'],
      sourceEnv: {
        FIX_HOST: '127.0.0.1',
        FIX_PORT: String(lpPort),
        FIX_SENDER_COMP_ID: 'TICKWISE',
        FIX_TARGET_COMP_ID: 'STANDIN-LP',
        FIX_PASSWORD: 'secret',
        FIX_STORE_DIR: dir,
        FIX_RECONNECT_MS: '20',
        FIX_CONNECT_TIMEOUT_MS: String(slow(60_000)), // as in cluster-fix-failover.test.ts
        EXCHANGE_WS_URL: `ws://127.0.0.1:${wsPort}`,
        EXCHANGE_RECONNECT_MS: '20',
      },
      desk: { checkMs: 3_600_000 },
    },
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
  await until(() => lp.isLoggedOn, { what: 'the FIX logon', ...waits, wake: lp.wake });
});

afterAll(async () => {
  await server?.close();
  await lp?.stop();
  await stream?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});

describe('FIX 4.4 LP through the market writer', () => {
  it('the LP session is up and shown to the operator', async () => {
    const logon = lp.sent('A')[0];
    expect([logon?.get(49), logon?.get(56), logon?.get(554)]).toEqual(['TICKWISE', 'STANDIN-LP', 'secret']);
    expect((await sourceRow('fix')).state).toBe('up');
  });

  it('a snapshot and incrementals reach the klines, and an incremental fills a pending order', async () => {
    await map('fix', 'EUR/USD', 'EURUSD');
    await until(() => close() === '1.10005', { what: "the snapshot's mid", ...waits, wake: lp.wake });
    const placed = await trader.get<Order>('/v1/api/forex/submit', {
      type: 1,
      cont: '0.1',
      forex_id: EURUSD,
      status: 0,
      multiple: 100,
      target_price: '1.10000',
    });
    expect(placed.code).toBe(1);
    lp.quote('EUR/USD', '1.09990', '1.09996');
    await until(() => close() === '1.09993', { what: "the incremental's mid", ...waits });
    await server.ctx.engine.idle();
    expect(market.store.liveBar(EURUSD, 0)?.c).toBe(109993);
    const held = await trader.get<{ data: Order[] }>('/v1/api/forex/my_deal', { status: 1 });
    expect(held.data.data.map((o) => o.Id)).toContain(placed.data.Id);
  });

  it('a symbol the LP rejects (35=Y) is shown to the operator', async () => {
    await map('fix', 'XAU/XAG', 'XAUUSD');
    let rejects: Row[] = [];
    await until(() => rejects.some((r) => r.symbol === 'XAU/XAG'), {
      what: 'the reject in feed-rejects',
      ...waits,
      wake: async () => {
        rejects = (await ops('feed-rejects')).data;
      },
    });
    expect(rejects.find((r) => r.symbol === 'XAU/XAG')).toMatchObject({
      source: 'fix',
      reason: expect.stringContaining('unknown symbol') as unknown,
    });
  });

  it('crossed and zero prices are refused, an absurd one held, a wrong checksum counted; good quotes go on', async () => {
    const before = await sourceRow('fix');
    lp.quote('EUR/USD', '1.10020', '1.10010');
    lp.quote('EUR/USD', '0', '1.10010');
    lp.quote('EUR/USD', '110.00000', '110.00010');
    lp.send(
      'X',
      [
        [262, 'md'],
        [268, 1],
        [279, 1],
        [269, 0],
        [55, 'EUR/USD'],
        [270, '1.20000'],
      ],
      true,
    );
    lp.quote('EUR/USD', '1.10000', '1.10004');
    await until(() => close() === '1.10002', { what: 'the good quote', ...waits });
    const row = await sourceRow('fix');
    expect(counted(row, 'crossed')).toBe(counted(before, 'crossed') + 1);
    expect(counted(row, 'bad_price')).toBe(counted(before, 'bad_price') + 1);
    expect(counted(row, 'malformed')).toBe(counted(before, 'malformed') + 1);
    expect(Number(row.spikes_held)).toBe(Number(before.spikes_held ?? 0) + 1);
  });
});

describe('exchange stream through the market writer', () => {
  it('bookTicker frames quote the mapped crypto instrument', async () => {
    await map('exchange', 'BTCUSDT', 'BTCUSDT');
    await until(() => stream.connected && stream.streams.has('btcusdt@bookTicker'), {
      what: 'the stream subscription',
      ...waits,
    });
    stream.replay();
    await until(() => close('BTCUSDT') === '96250.00', { what: "the last frame's mid", ...waits });
    expect(counted(await sourceRow('exchange'), 'malformed')).toBe(1);
  });
});
