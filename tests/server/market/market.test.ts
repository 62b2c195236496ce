// Market REST routes on the real server (127.0.0.1, real HTTP): trade_list fields and filters against docs/contract.md §3,
// getCategories by language, klines (≥ 500 bars per period, periods nested exactly, from/to/limit), mini charts, and
// bad input. The market runs in manual mode so nothing moves unless the test sets a price.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Instrument, KlineBar } from '../../../domain/types.ts';
import { PERIODS } from '../../../domain/types.ts';
import { aggregate, LEVEL_SECONDS, type Bar } from '../../../server/market/bars.ts';
import { isOpenAt, openSecondsIn, type MarketClass } from '../../../server/market/market-hours.ts';
import { MarketService } from '../../../server/market/market-service.ts';
import { api, startTestServer, type ApiClient, type TestServer } from '../support/harness.ts';

let server: TestServer;
let client: ApiClient;
let market: MarketService;

beforeAll(async () => {
  server = await startTestServer({ market: { manual: true } });
  client = api(server.baseUrl, { lang: 'en' });
  if (!(server.ctx.market instanceof MarketService)) throw new Error('the server runs no market service');
  market = server.ctx.market;
});

afterAll(async () => {
  await server?.close();
});

const DECIMAL = /^\d+(\.\d+)?$/;

async function tradeList(params: Record<string, string | number> = {}): Promise<Instrument[]> {
  const r = await client.get<Instrument[]>('/v1/api/forex/trade_list', params);
  expect(r.code).toBe(1);
  return r.data;
}

describe('trade_list', () => {
  it('lists at least 24 instruments over at least 4 categories with every docs/contract.md §3 field', async () => {
    const list = await tradeList();
    expect(list.length).toBeGreaterThanOrEqual(24);
    expect(new Set(list.map((i) => i.CategoryId)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(list.map((i) => i.Code)).size).toBe(list.length);
    for (const i of list) {
      expect(Object.keys(i).sort()).toEqual([
        'CategoryId',
        'Code',
        'ForexContNum',
        'ForexFeeRate',
        'ForexMinCont',
        'ForexQuotations',
        'HasForexMultiple',
        'Id',
        'Logo',
        'MarginMode',
        'MarketStatus',
        'Pip',
        'PricePrecision',
        'ShowCode',
      ]);
      expect(Number.isInteger(i.Id)).toBe(true);
      expect(i.Code).toMatch(/^[A-Z0-9]{3,10}$/);
      expect(i.ShowCode.length).toBeGreaterThan(0);
      expect(i.Logo).toBe(`/logos/${i.Code.toLowerCase()}.svg`);
      expect(existsSync(`public${i.Logo}`)).toBe(true);
      expect(Number.isInteger(i.CategoryId)).toBe(true);
      expect([0, 1]).toContain(i.MarketStatus);
      expect(Number.isInteger(i.PricePrecision)).toBe(true);
      for (const f of [i.Pip, i.ForexMinCont, i.ForexContNum, i.ForexFeeRate]) expect(f).toMatch(DECIMAL);
      expect([1, 2]).toContain(i.MarginMode);
      expect(Array.isArray(i.HasForexMultiple)).toBe(true);
      for (const m of i.HasForexMultiple) expect(Object.keys(m)).toEqual(['Value']);
      for (const m of i.HasForexMultiple) expect(Number.isInteger(m.Value) && m.Value > 0).toBe(true);
      const q = i.ForexQuotations;
      const atPrecision = i.PricePrecision === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${i.PricePrecision}}$`);
      for (const p of [q.Open, q.Close, q.High, q.Low]) expect(p).toMatch(atPrecision);
      expect(Number(q.High)).toBeGreaterThanOrEqual(Math.max(Number(q.Open), Number(q.Close)));
      expect(Number(q.Low)).toBeLessThanOrEqual(Math.min(Number(q.Open), Number(q.Close)));
      expect(q.Change).toMatch(/^-?\d+\.\d{2}$/);
      expect(typeof q.Time).toBe('number');
    }
    // Both margin modes, some leverage choices, and one instrument with none (the no-leverage message).
    expect(new Set(list.map((i) => i.MarginMode))).toEqual(new Set([1, 2]));
    expect(list.some((i) => i.HasForexMultiple.length === 0)).toBe(true);
    expect(list.some((i) => i.HasForexMultiple.map((m) => m.Value).join() === '10,20,50,100,200')).toBe(true);
  });

  it('serves every logo as an SVG image', async () => {
    for (const i of await tradeList()) {
      const res = await fetch(`${server.baseUrl}${i.Logo}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/image\/svg\+xml/);
      expect(await res.text()).toMatch(/^<svg /);
    }
  });

  it('shows MarketStatus from the market hours: crypto always open, forex by the weekly close', async () => {
    const list = await tradeList();
    const nowSec = Date.now() / 1000;
    const btc = list.find((i) => i.Code === 'BTCUSDT');
    const eur = list.find((i) => i.Code === 'EURUSD');
    expect(btc?.MarketStatus).toBe(1);
    expect(eur?.MarketStatus).toBe(isOpenAt('fx', nowSec) ? 1 : 0);
  });

  it('carries the live price and the day change in ForexQuotations', async () => {
    market.setPrice('XAUUSD', '2400.00');
    const open = (await tradeList({ searchCurrency: 'XAUUSD' }))[0]?.ForexQuotations.Open ?? '0';
    market.setPrice('XAUUSD', '2412.34');
    const q = (await tradeList({ searchCurrency: 'XAUUSD' }))[0]?.ForexQuotations;
    expect(q?.Close).toBe('2412.34');
    const change = ((2412.34 - Number(open)) / Number(open)) * 100;
    expect(Number(q?.Change)).toBeCloseTo(change, 2);
  });

  it('filters by searchCurrency on Code or ShowCode, case-insensitively', async () => {
    const eur = await tradeList({ searchCurrency: 'eur' });
    expect(eur.length).toBeGreaterThanOrEqual(4);
    for (const i of eur) expect(`${i.Code} ${i.ShowCode}`.toUpperCase()).toContain('EUR');
    expect((await tradeList({ searchCurrency: 'EUR/USD' })).map((i) => i.Code)).toEqual(['EURUSD']);
    expect((await tradeList({ searchCurrency: 'btc' })).map((i) => i.Code)).toEqual(['BTCUSDT']);
    expect((await tradeList({ searchCurrency: 'brent' })).map((i) => i.Code)).toEqual(['UKOIL']);
    expect(await tradeList({ searchCurrency: 'zzz' })).toEqual([]);
    expect((await tradeList({ searchCurrency: '' })).length).toBeGreaterThanOrEqual(24);
  });

  // "gold" found nothing, though XAU/USD is listed under Metals.
  it('finds instruments by their common name in the user’s language and in English', async () => {
    const search = async (lang: string, text: string): Promise<string[]> => {
      const r = await api(server.baseUrl, { lang }).get<Instrument[]>('/v1/api/forex/trade_list', {
        searchCurrency: text,
      });
      return r.data.map((i) => i.Code);
    };
    expect(await search('en', 'gold')).toEqual(['XAUUSD']);
    expect(await search('en', 'Silver')).toEqual(['XAGUSD']);
    expect(await search('en', 'oil')).toEqual(['USOIL', 'UKOIL']);
    expect(await search('en', 'bitcoin')).toEqual(['BTCUSDT']);
    expect(await search('en', 'swiss franc')).toEqual(['USDCHF']);
    expect(await search('hk', '黃金')).toEqual(['XAUUSD']);
    expect(await search('hk', '原油')).toEqual(['USOIL', 'UKOIL']);
    expect(await search('hk', 'gold')).toEqual(['XAUUSD']); // English names work in every language
    expect(await search('de', 'rohol')).toEqual(['USOIL', 'UKOIL']); // accents ignored: "Rohöl"
    expect(await search('spa', 'plata')).toEqual(['XAGUSD']);
    expect(await search('ar', 'الذهب')).toEqual(['XAUUSD']);
    expect(await search('jp', 'ビットコイン')).toEqual(['BTCUSDT']);
    expect(await search('ru', 'нефть')).toEqual(['USOIL', 'UKOIL']);
    expect(await search('en', 'eur usd')).toEqual(['EURUSD']);
  });

  it('filters by category_id, alone and with a search', async () => {
    const all = await tradeList();
    for (const cat of new Set(all.map((i) => i.CategoryId))) {
      const some = await tradeList({ category_id: cat });
      expect(some.length).toBe(all.filter((i) => i.CategoryId === cat).length);
      expect(some.every((i) => i.CategoryId === cat)).toBe(true);
    }
    const forex = all.find((i) => i.Code === 'EURUSD')?.CategoryId ?? -1;
    expect((await tradeList({ category_id: forex, searchCurrency: 'jpy' })).map((i) => i.Code).sort()).toEqual([
      'AUDJPY',
      'EURJPY',
      'GBPJPY',
      'USDJPY',
    ]);
    expect(await tradeList({ category_id: 999 })).toEqual([]);
  });

  it('rejects malformed filters with a clear message', async () => {
    for (const params of [{ category_id: 'abc' }, { category_id: -1 }, { searchCurrency: 'x'.repeat(33) }]) {
      const r = await client.get('/v1/api/forex/trade_list', params);
      expect(r.code).not.toBe(1);
      expect(r.msg).toBe('Something in this request is not valid. Please go back and try again.'); // no internal names
    }
  });
});

describe('getCategories', () => {
  it('names categories in the lang header language, English when a language has no name', async () => {
    const en = await client.get<Category[]>('/v1/api/forex/getCategories');
    expect(en.code).toBe(1);
    expect(en.data.map((c) => c.NameShowTrans)).toEqual(['Forex', 'Metals', 'Crypto', 'Indices', 'Energy']);
    const hk = await client.withLang('hk').get<Category[]>('/v1/api/forex/getCategories');
    expect(hk.data.map((c) => c.NameShowTrans)).toEqual(['外匯', '貴金屬', '加密貨幣', '指數', '能源']);
    const jp = await client.withLang('jp').get<Category[]>('/v1/api/forex/getCategories');
    expect(jp.data[0]?.NameShowTrans).toBe('外国為替');
    // No lang header: the product default, traditional Chinese.
    const none = await client.withLang(null).get<Category[]>('/v1/api/forex/getCategories');
    expect(none.data[0]?.NameShowTrans).toBe('外匯');
    for (const c of en.data) expect(Object.keys(c).sort()).toEqual(['Id', 'NameShowTrans']);
    // Every instrument's category is listed.
    const ids = new Set(en.data.map((c) => c.Id));
    for (const i of await tradeList()) expect(ids.has(i.CategoryId)).toBe(true);
  });
});

const toBar = (k: KlineBar): Bar => ({ t: k.Time, o: k.Open, h: k.High, l: k.Low, c: k.Close, v: k.Volume });

async function klines(id: number, period: string, extra: Record<string, number> = {}): Promise<KlineBar[]> {
  const r = await client.get<KlineBar[]>('/v1/api/forex/kline', { forex_id: id, period, limit: 2000, ...extra });
  expect(r.code, r.msg).toBe(1);
  return r.data;
}

/** Checks coarse = aggregate(fine) for every coarse bar whose finer bars are all present; returns how many. */
function nested(fine: KlineBar[], coarse: KlineBar[], level: number, cls: MarketClass, until: number): number {
  const p = LEVEL_SECONDS[level] ?? 0;
  const child = LEVEL_SECONDS[level - 1] ?? 0;
  const groups = new Map<number, Bar[]>();
  for (const b of fine.map(toBar)) {
    const t = Math.floor(b.t / p) * p;
    groups.set(t, [...(groups.get(t) ?? []), b]);
  }
  let n = 0;
  for (const c of coarse) {
    const kids = groups.get(c.Time);
    if (!kids) continue;
    let expected = 0;
    for (let s = c.Time; s < Math.min(c.Time + p, until); s += child)
      if (openSecondsIn(cls, s, s + child) > 0) expected++;
    if (kids.length !== expected) continue;
    const agg = aggregate(kids, level)[0];
    expect(agg).toEqual({ ...toBar(c) });
    n++;
  }
  return n;
}

describe('kline', () => {
  it('has at least 500 bars in every period, oldest first, aligned, with the live bar last', async () => {
    // The live market runs on the server's real clock: the ticks' time lies between these two reads, so the live bar
    // is the period holding it (comparing with a later Date.now() failed when a 5-minute boundary passed meanwhile).
    const before = Date.now();
    market.setPrice('BTCUSDT', '67000.00');
    market.setPrice('BTCUSDT', '67012.34');
    const after = Date.now();
    for (const [level, period] of PERIODS.entries()) {
      for (const id of [1, 17]) {
        const bars = await klines(id, period);
        expect(bars.length, `${id} ${period}`).toBeGreaterThanOrEqual(500);
        const p = LEVEL_SECONDS[level] ?? 0;
        for (let i = 0; i < bars.length; i++) {
          const b = bars[i] as KlineBar;
          expect(Object.keys(b).sort()).toEqual(['Close', 'High', 'Low', 'Open', 'Time', 'Volume']);
          expect(b.Time % p).toBe(0);
          if (i > 0) expect(b.Time).toBeGreaterThan((bars[i - 1] as KlineBar).Time);
          expect(b.High).toBeGreaterThanOrEqual(Math.max(b.Open, b.Close));
          expect(b.Low).toBeLessThanOrEqual(Math.min(b.Open, b.Close));
        }
        if (id === 17) {
          expect(bars.at(-1)?.Close).toBe(67012.34); // the live bar
          const bucket = (ms: number): number => Math.floor(ms / 1000 / p) * p;
          expect([bucket(before), bucket(after)]).toContain(bars.at(-1)?.Time);
        }
      }
    }
  });

  it('nests every period exactly: a 5min bar is the aggregate of its five 1min bars, and so on up to 1day', async () => {
    const until = Math.floor(Date.now() / 1000) + 60;
    for (const [id, cls] of [
      [17, 'crypto'],
      [1, 'fx'],
    ] as const) {
      const byPeriod = await Promise.all(PERIODS.map((p) => klines(id, p)));
      for (let level = 1; level < PERIODS.length; level++) {
        const n = nested(byPeriod[level - 1] ?? [], byPeriod[level] ?? [], level, cls, until);
        expect(n, `${id} ${PERIODS[level]}`).toBeGreaterThanOrEqual(20);
      }
    }
  });

  it('builds 4hour from 60min bars and 1week (opening Monday 00:00 UTC) from 1day bars', async () => {
    const [hours, fours, days, weeks] = await Promise.all([
      klines(17, '60min'),
      klines(17, '4hour'),
      klines(17, '1day'),
      klines(17, '1week'),
    ]);
    for (const [fine, coarse, seconds, offset] of [
      [hours, fours, 14_400, 0],
      [days, weeks, 604_800, 345_600],
    ] as const) {
      expect(coarse.length).toBeGreaterThan(10);
      const groups = new Map<number, KlineBar[]>();
      for (const b of fine) {
        const t = Math.floor((b.Time - offset) / seconds) * seconds + offset;
        groups.set(t, [...(groups.get(t) ?? []), b]);
      }
      // The oldest bucket can start before the fine history does: compare the rest.
      for (const c of coarse.slice(1)) {
        expect((c.Time - offset) % seconds).toBe(0);
        const kids = groups.get(c.Time) ?? [];
        expect(kids.length).toBeGreaterThan(0);
        expect(c.Open).toBe(kids[0]?.Open);
        expect(c.Close).toBe(kids.at(-1)?.Close);
        expect(c.High).toBe(Math.max(...kids.map((k) => k.High)));
        expect(c.Low).toBe(Math.min(...kids.map((k) => k.Low)));
      }
    }
    expect(new Date((weeks.at(-1)?.Time ?? 0) * 1000).getUTCDay()).toBe(1);
    const few = await klines(17, '4hour', { limit: 3 });
    expect(few).toEqual(fours.slice(-3));
  });

  it('honours limit, from and to (newest bars in the range, oldest first)', async () => {
    const all = await klines(17, '15min');
    const last10 = await klines(17, '15min', { limit: 10 });
    expect(last10).toEqual(all.slice(-10));
    const a = all[100] as KlineBar;
    const b = all[103] as KlineBar;
    expect(await klines(17, '15min', { from: a.Time, to: b.Time })).toEqual(all.slice(100, 104));
    expect(await klines(17, '15min', { from: a.Time, to: b.Time, limit: 2 })).toEqual(all.slice(102, 104));
    expect(await klines(17, '15min', { from: (all.at(-1) as KlineBar).Time })).toEqual(all.slice(-1));
    const def = await client.get<KlineBar[]>('/v1/api/forex/kline', { forex_id: 17, period: '15min' });
    expect(def.data).toEqual(all.slice(-600));
  });

  it('rejects bad parameters with a clear message and code other than 1', async () => {
    const cases: Array<[Record<string, string | number>, RegExp]> = [
      [{ period: '5min' }, /Instrument/],
      [{ forex_id: 17 }, /request is not valid/],
      [{ forex_id: 'abc', period: '5min' }, /Instrument/],
      [{ forex_id: 17, period: '2min' }, /request is not valid/],
      [{ forex_id: 17, period: '5min', limit: 0 }, /request is not valid/],
      [{ forex_id: 17, period: '5min', limit: 5000 }, /request is not valid/],
      [{ forex_id: 17, period: '5min', from: 'yesterday' }, /From/],
      [{ forex_id: 17, period: '5min', from: 200, to: 100 }, /From/],
      [{ forex_id: 9999, period: '5min' }, /exist|found/i],
    ];
    for (const [params, msg] of cases) {
      const r = await client.get('/v1/api/forex/kline', params);
      expect(r.code, JSON.stringify(params)).not.toBe(1);
      expect(r.status).toBe(200);
      expect(r.msg).toMatch(msg);
    }
  });
});

describe('abbreviated_cache_kline', () => {
  it('gives each instrument its last 48 half-hour closes, ending at the current price', async () => {
    market.setPrice('EURUSD', '1.09123');
    const r = await client.get<Record<string, number[]>>('/v1/api/forex/abbreviated_cache_kline');
    expect(r.code).toBe(1);
    const list = await tradeList();
    expect(Object.keys(r.data).sort()).toEqual(list.map((i) => i.Code).sort());
    for (const i of list) {
      const s = r.data[i.Code] ?? [];
      expect(s.length).toBe(48);
      expect(s.every((x) => typeof x === 'number' && x > 0)).toBe(true);
      expect(s.at(-1)).toBe(Number(i.ForexQuotations.Close));
    }
    expect(r.data.EURUSD?.at(-1)).toBe(1.09123);
    // Consistent with the 30min klines: the closed bars' closes.
    const bars = await klines(1, '30min');
    const closed = bars.filter((b) => b.Time + 1800 <= Date.now() / 1000).map((b) => b.Close);
    expect(r.data.EURUSD?.slice(0, 40)).toEqual(closed.slice(-47, -7));
  });

  it('answers for one forex_id and rejects an unknown one', async () => {
    const one = await client.get<Record<string, number[]>>('/v1/api/forex/abbreviated_cache_kline', { forex_id: 17 });
    expect(Object.keys(one.data)).toEqual(['BTCUSDT']);
    const bad = await client.get('/v1/api/forex/abbreviated_cache_kline', { forex_id: 9999 });
    expect(bad.code).not.toBe(1);
    const junk = await client.get('/v1/api/forex/abbreviated_cache_kline', { forex_id: 'x' });
    expect(junk.code).not.toBe(1);
    expect(junk.msg).toMatch(/Instrument/);
  });
});
