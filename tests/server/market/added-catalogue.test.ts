// A catalogue added in memory at start (MarketOptions.catalogue, as the bench adds its synthetic instruments): its
// category and instruments are listed beside the stored ones, they tick and chart from a generated history that is
// never stored, and they trade: their rows are written, once, so an order can reference them.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Instrument, KlineBar } from '../../../domain/types.ts';
import { MarketService } from '../../../server/market/market-service.ts';
import {
  SYNTHETIC_CATEGORY_ID,
  SYNTHETIC_ID_BASE,
  syntheticCatalogue,
} from '../../../bench/lib/synthetic-catalogue.ts';
import { api, demoClient, startTestServer, type ApiClient, type TestServer } from '../support/harness.ts';

let server: TestServer;
let client: ApiClient;
let market: MarketService;

beforeAll(async () => {
  server = await startTestServer({ market: { manual: true, catalogue: syntheticCatalogue(3, 20) } });
  client = api(server.baseUrl, { lang: 'en' });
  if (!(server.ctx.market instanceof MarketService)) throw new Error('the server runs no market service');
  market = server.ctx.market;
});

afterAll(async () => {
  await server?.close();
});

describe('a catalogue added in memory', () => {
  it('lists its category, named per language, after the stored ones, and its instruments in it', async () => {
    const en = await client.get<Category[]>('/v1/api/forex/getCategories');
    expect(en.data.map((c) => c.NameShowTrans)).toEqual([
      'Forex',
      'Metals',
      'Crypto',
      'Indices',
      'Energy',
      'Synthetic',
    ]);
    expect(en.data.at(-1)?.Id).toBe(SYNTHETIC_CATEGORY_ID);
    const hk = await client.withLang('hk').get<Category[]>('/v1/api/forex/getCategories');
    expect(hk.data.at(-1)?.NameShowTrans).toBe('合成');

    const r = await client.get<Instrument[]>('/v1/api/forex/trade_list', { category_id: SYNTHETIC_CATEGORY_ID });
    expect(r.data.map((i) => [i.Id, i.Code])).toEqual([
      [SYNTHETIC_ID_BASE + 1, 'SYN0001'],
      [SYNTHETIC_ID_BASE + 2, 'SYN0002'],
      [SYNTHETIC_ID_BASE + 3, 'SYN0003'],
    ]);
    for (const i of r.data) {
      expect(existsSync(`public${i.Logo}`)).toBe(true);
      expect(i.MarketStatus).toBe(1); // 24/7
      expect(i.ForexQuotations.Close).toMatch(/^\d+\.\d{4}$/);
    }
    const all = await client.get<Instrument[]>('/v1/api/forex/trade_list');
    expect(all.data.some((i) => i.Code === 'BTCUSDT')).toBe(true);
  });

  it('ticks and charts from a generated history, and stores none of its bars', async () => {
    market.setPrice('SYN0002', '77.1234');
    const r = await client.get<KlineBar[]>('/v1/api/forex/kline', {
      forex_id: SYNTHETIC_ID_BASE + 2,
      period: '1min',
      limit: 600,
    });
    expect(r.code, r.msg).toBe(1);
    expect(r.data.length).toBeGreaterThanOrEqual(500);
    expect(r.data.at(-1)?.Close).toBe(77.1234); // the live bar continues the generated ones
    for (let i = 1; i < r.data.length; i++) expect(r.data[i]?.Time).toBeGreaterThan(r.data[i - 1]?.Time ?? 0);

    await market.store.flush();
    const stored = await server.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM kline_chunks WHERE instrument_id > $1',
      [SYNTHETIC_ID_BASE],
    );
    expect(stored[0]?.n).toBe(0);
    // The stored instruments still write theirs.
    market.setPrice('BTCUSDT', '67000.00');
    await market.store.flush();
    const btc = await server.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM kline_chunks WHERE instrument_id = 17',
    );
    expect(btc[0]?.n).toBeGreaterThan(0);
  });

  it('trades: a market order on one opens a position, and a restart lists each once', async () => {
    const demo = await demoClient(server, 'added-catalogue');
    const buy = { type: 1, cont: '0.01', forex_id: SYNTHETIC_ID_BASE + 1, status: 1, multiple: 10 };
    const placed = await demo.get<{ Id: number }>('/v1/api/forex/submit', buy);
    expect(placed.code, placed.msg).toBe(1);
    const rows = await server.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM instruments WHERE id > $1', [
      SYNTHETIC_ID_BASE,
    ]);
    expect(rows[0]?.n).toBe(3);

    const again = await MarketService.start(
      { db: server.ctx.db, clock: server.ctx.clock, timers: server.ctx.timers },
      { manual: true, catalogue: syntheticCatalogue(3, 20) },
    );
    try {
      const codes = again.list.map((i) => i.code);
      expect(codes.filter((c) => c === 'SYN0001')).toHaveLength(1);
      expect(again.byId.get(SYNTHETIC_ID_BASE + 1)?.inMemory).toBe(true);
    } finally {
      await again.close();
    }
  });
});
