// A restart continues the same kline history: bars written by one server are there unchanged for the next, and the
// downtime is filled forward from the last close, still nested exactly across periods. Runs on PGlite or PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/db.ts';
import { aggregate, type Bar } from '../../../server/market/bars.ts';
import { MarketService } from '../../../server/market/market-service.ts';
import { createServer, type RunningServer } from '../../../server/compose.ts';
import type { Instrument, KlineBar, Period } from '../../../domain/types.ts';
import { api, manualClock } from '../support/harness.ts';
import { keepOpen, sharedDatabases } from '../support/shared-db.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'tickwise-restart-'));
const dbs = sharedDatabases();

afterAll(async () => {
  await dbs.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(
  db: Db,
  clock: ReturnType<typeof manualClock>,
): Promise<{ server: RunningServer; url: string; market: MarketService }> {
  const server = await createServer({
    dataDir,
    db: keepOpen(db),
    clock,
    market: { manual: true, flushMs: 3_600_000 },
    logLevel: 'silent',
    distDir: join(dataDir, 'no-dist'),
  });
  const url = await server.listen(0, '127.0.0.1');
  if (!(server.ctx.market instanceof MarketService)) throw new Error('no market service');
  return { server, url, market: server.ctx.market };
}

async function klines(url: string, id: number, period: Period): Promise<KlineBar[]> {
  const r = await api(url).get<KlineBar[]>('/v1/api/forex/kline', { forex_id: id, period, limit: 2000 });
  expect(r.code).toBe(1);
  return r.data;
}

const toBar = (k: KlineBar): Bar => ({ t: k.Time, o: k.Open, h: k.High, l: k.Low, c: k.Close, v: k.Volume });

describe('restart', () => {
  it('keeps every stored bar and fills the downtime forward from the last close', async () => {
    const db = await dbs.open();
    // A whole minute, 15 s in, so the scripted minutes below are easy to reason about.
    const clock = manualClock(Math.floor(Date.now() / 60_000) * 60_000 + 15_000);
    const a = await start(db, clock);
    for (let i = 0; i < 200; i++) {
      clock.advance(1000);
      a.market.advanceTo(clock.now());
    }
    const btc = 17;
    const before = {
      one: await klines(a.url, btc, '1min'),
      five: await klines(a.url, btc, '5min'),
      day: await klines(a.url, btc, '1day'),
      eur: await klines(a.url, 1, '1min'),
    };
    const lastA = before.one.at(-1) as KlineBar;
    expect(lastA.Time).toBe(Math.floor(clock.now() / 60_000) * 60);
    await a.server.close(); // graceful: the live bars are written

    clock.advance(10 * 60_000); // ten minutes of downtime
    const b = await start(db, clock);
    try {
      const after = {
        one: await klines(b.url, btc, '1min'),
        five: await klines(b.url, btc, '5min'),
        fifteen: await klines(b.url, btc, '15min'),
        day: await klines(b.url, btc, '1day'),
        eur: await klines(b.url, 1, '1min'),
      };
      // Everything the first server showed is still there, unchanged (its last minute got no more ticks).
      const oneB = new Map(after.one.map((k) => [k.Time, k]));
      for (const k of before.one) expect(oneB.get(k.Time)).toEqual(k);
      const fiveB = new Map(after.five.map((k) => [k.Time, k]));
      for (const k of before.five.slice(0, -1)) expect(fiveB.get(k.Time)).toEqual(k);
      const dayB = new Map(after.day.map((k) => [k.Time, k]));
      for (const k of before.day.slice(0, -1)) expect(dayB.get(k.Time)).toEqual(k);
      const eurB = new Map(after.eur.map((k) => [k.Time, k]));
      for (const k of before.eur) expect(eurB.get(k.Time)).toEqual(k);

      // The gap: one bar per minute after the first server's last minute, up to the minute of the restart (which has
      // no bar until its first tick), with continuous prices.
      const gap = after.one.filter((k) => k.Time > lastA.Time);
      expect(gap.map((k) => k.Time)).toEqual(Array.from({ length: 9 }, (_, i) => lastA.Time + 60 * (i + 1)));
      expect(gap[0]?.Open).toBe(lastA.Close);
      for (let i = 1; i < gap.length; i++) expect(gap[i]?.Open).toBe(gap[i - 1]?.Close);

      // Periods still nest exactly across the restart.
      const byFive = new Map<number, Bar[]>();
      for (const k of after.one) {
        const t = Math.floor(k.Time / 300) * 300;
        byFive.set(t, [...(byFive.get(t) ?? []), toBar(k)]);
      }
      let checked = 0;
      for (const f of after.five) {
        const kids = byFive.get(f.Time);
        if (kids?.length !== 5) continue;
        expect(aggregate(kids, 1)).toEqual([toBar(f)]);
        checked++;
      }
      expect(checked).toBeGreaterThanOrEqual(100);
      const byFifteen = new Map<number, Bar[]>();
      for (const k of after.five) {
        const t = Math.floor(k.Time / 900) * 900;
        byFifteen.set(t, [...(byFifteen.get(t) ?? []), toBar(k)]);
      }
      for (const f of after.fifteen.filter((x) => x.Time >= (after.five[0]?.Time ?? 0) && x.Time + 900 <= lastA.Time)) {
        expect(aggregate(byFifteen.get(f.Time) ?? [], 2)).toEqual([toBar(f)]);
      }

      // The quote continues from where the history ends.
      const list = await api(b.url).get<Instrument[]>('/v1/api/forex/trade_list', { searchCurrency: 'BTCUSDT' });
      expect(Number(list.data[0]?.ForexQuotations.Close)).toBe(gap.at(-1)?.Close);
    } finally {
      await b.server.close();
    }
  });

  it('regenerates the history when the clock is behind what is stored (a test clock set in the past)', async () => {
    const db = await dbs.open();
    const past = Date.UTC(2026, 0, 6, 12, 0, 30); // a Tuesday, long before the template's history
    const clock = manualClock(past);
    const s = await start(db, clock);
    try {
      for (const period of ['1min', '1day'] as const) {
        const bars = await klines(s.url, 1, period);
        expect(bars.length).toBeGreaterThanOrEqual(500);
        expect((bars.at(-1) as KlineBar).Time).toBeLessThanOrEqual(past / 1000);
      }
      // Fresh history ends at the catalog's base price; the quote starts there.
      const list = await api(s.url).get<Instrument[]>('/v1/api/forex/trade_list', { searchCurrency: 'EURUSD' });
      expect(list.data[0]?.ForexQuotations.Close).toBe('1.08500');
      expect(list.data[0]?.MarketStatus).toBe(1);
    } finally {
      await s.server.close();
    }
  });
});
