// @vitest-environment node
// The simulated market on an injected clock: deterministic for a seed, prices at each instrument's precision,
// closed hours honoured (FX-style shut Fri 22:00 – Sun 22:00 UTC, crypto 24/7), trading days, scripted prices.
import { describe, expect, it } from 'vitest';
import type { Clock, Timers } from '../../../../domain/time.ts';
import type { Tick } from '../../../../server/market/market-view.ts';
import {
  INSTRUMENTS,
  logoPath,
  instrumentFromDef,
  type MarketInstrument,
} from '../../../../server/market/instrument-catalogue.ts';
import { Simulator } from '../../../../server/market/simulator.ts';
import { textToTicks } from '../../../../server/market/price-ticks.ts';

const catalog: MarketInstrument[] = INSTRUMENTS.map((d, i) => instrumentFromDef(d, logoPath(d.code), i, false));
const noTimers: Timers = {
  setInterval: () => {
    throw new Error('manual mode must not start timers');
  },
  clearInterval: () => undefined,
  setTimeout: () => 0,
  clearTimeout: () => undefined,
};

function sim(startIso: string, seed = 42): { s: Simulator; clock: Clock & { t: number }; ticks: Tick[] } {
  const clock = {
    t: Date.parse(startIso),
    now(): number {
      return this.t;
    },
  };
  const s = new Simulator(catalog, new Map(), clock, noTimers, {
    seed,
    manual: true,
    intervalMs: 50,
    maxCatchUpMs: 5000,
  });
  const ticks: Tick[] = [];
  s.onTick((t) => ticks.push(t));
  s.start(); // manual: no timer
  return { s, clock, ticks };
}

/** Advances clock and simulation together in 100 ms steps, like the timer would. */
function run(x: ReturnType<typeof sim>, ms: number): void {
  for (let done = 0; done < ms; done += 100) {
    x.clock.t += 100;
    x.s.advanceTo(x.clock.t);
  }
}

const TUESDAY = '2026-11-17T12:00:00Z';

describe('simulator', () => {
  it('is deterministic for a seed', () => {
    const a = sim(TUESDAY, 7);
    const b = sim(TUESDAY, 7);
    const c = sim(TUESDAY, 8);
    run(a, 20_000);
    run(b, 20_000);
    run(c, 20_000);
    expect(a.ticks.length).toBeGreaterThan(500);
    expect(a.ticks).toEqual(b.ticks);
    expect(c.ticks.slice(0, 50)).not.toEqual(a.ticks.slice(0, 50));
  });

  it('emits prices as exact decimal text at each instrument precision, times in order', () => {
    const x = sim(TUESDAY);
    run(x, 30_000);
    const byCode = new Map(catalog.map((i) => [i.code, i]));
    const last = new Map<string, number>();
    for (const t of x.ticks) {
      const inst = byCode.get(t.code);
      if (!inst) throw new Error(`tick for unknown ${t.code}`);
      const re = inst.pricePrecision === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${inst.pricePrecision}}$`);
      expect(t.price).toMatch(re);
      expect(textToTicks(t.price, inst.pricePrecision)).not.toBeNull();
      expect(Number.isInteger(t.time)).toBe(true);
      expect(t.time).toBeGreaterThanOrEqual(last.get(t.code) ?? 0);
      last.set(t.code, t.time);
    }
    const q = x.s.latest('EURUSD');
    expect(q?.close).toMatch(/^\d\.\d{5}$/);
    expect(q?.change).toMatch(/^-?\d+\.\d{2}$/);
    expect(x.s.quoteTuple('EURUSD')).toEqual([q?.code, q?.close, q?.change, q?.time, q?.status]);
  });

  it('ticks at a realistic rate: crypto busiest, majors a few per second', () => {
    const x = sim(TUESDAY);
    run(x, 120_000);
    const count = (code: string): number => x.ticks.filter((t) => t.code === code).length;
    const perSecond = (code: string): number => count(code) / 120;
    expect(perSecond('EURUSD')).toBeGreaterThan(1);
    expect(perSecond('EURUSD')).toBeLessThan(5);
    expect(perSecond('BTCUSDT')).toBeGreaterThan(perSecond('EURUSD'));
    expect(perSecond('BTCUSDT')).toBeGreaterThan(perSecond('XAUUSD'));
  });

  it('closes FX-style markets from Friday 22:00 to Sunday 22:00 UTC and keeps crypto open', () => {
    const x = sim('2026-11-20T21:59:00Z'); // Friday
    const flips: string[] = [];
    x.s.onChange((st) => {
      if (st.inst.code === 'EURUSD') flips.push(`${st.status}`);
    });
    run(x, 59_000);
    expect(x.s.latest('EURUSD')?.status).toBe(1);
    expect(x.s.isOpen('EURUSD')).toBe(true);
    const before = x.ticks.length;
    run(x, 2 * 60_000); // past 22:00
    const after = x.ticks.slice(before).filter((t) => t.time >= Date.parse('2026-11-20T22:00:00Z'));
    expect(
      after.some((t) => t.code === 'EURUSD' || t.code === 'XAUUSD' || t.code === 'US30' || t.code === 'USOIL'),
    ).toBe(false);
    expect(after.some((t) => t.code === 'BTCUSDT')).toBe(true);
    expect(x.s.latest('EURUSD')?.status).toBe(0);
    expect(x.s.isOpen('EURUSD')).toBe(false);
    expect(x.s.latest('BTCUSDT')?.status).toBe(1);
    expect(flips.at(-1)).toBe('0');

    // Saturday: still shut. Sunday 22:00: open again.
    x.clock.t = Date.parse('2026-11-21T12:00:00Z');
    x.s.advanceTo(x.clock.t);
    const sat = x.ticks.length;
    run(x, 10_000);
    expect(x.ticks.slice(sat).every((t) => t.code.endsWith('USDT'))).toBe(true);
    x.clock.t = Date.parse('2026-11-22T22:00:00Z');
    x.s.advanceTo(x.clock.t);
    run(x, 10_000);
    expect(x.s.latest('EURUSD')?.status).toBe(1);
    expect(x.ticks.some((t) => t.code === 'EURUSD' && t.time >= Date.parse('2026-11-22T22:00:00Z'))).toBe(true);
  });

  it('rolls the trading day at 22:00 UTC for FX and at midnight for crypto', () => {
    const x = sim('2026-11-17T21:58:00Z');
    run(x, 60_000);
    x.s.setPrice('EURUSD', '1.10000');
    expect(x.s.latest('EURUSD')?.open).not.toBe('1.10000');
    run(x, 90_000); // past 22:00
    const firstAfter = x.ticks.find((t) => t.code === 'EURUSD' && t.time >= Date.parse('2026-11-17T22:00:00Z'));
    expect(x.s.latest('EURUSD')?.open).toBe(firstAfter?.price);
    const btcOpen = x.s.latest('BTCUSDT')?.open;
    x.clock.t = Date.parse('2026-11-17T23:59:59Z');
    x.s.advanceTo(x.clock.t);
    expect(x.s.latest('BTCUSDT')?.open).toBe(btcOpen);
    run(x, 2_000);
    const firstBtc = x.ticks.find((t) => t.code === 'BTCUSDT' && t.time >= Date.parse('2026-11-18T00:00:00Z'));
    expect(x.s.latest('BTCUSDT')?.open).toBe(firstBtc?.price);
  });

  it('sets a scripted price exactly and emits it as a tick', () => {
    const x = sim(TUESDAY);
    run(x, 1_000);
    x.s.setPrice('XAUUSD', '2400.00'); // start the day's move from a round number
    const tick = x.s.setPrice('XAUUSD', '2412.5');
    expect(tick.price).toBe('2412.50');
    expect(x.ticks.at(-1)).toEqual(tick);
    expect(x.s.latest('XAUUSD')?.close).toBe('2412.50');
    expect(x.s.latest('XAUUSD')?.high).toBe('2412.50');
    expect(() => x.s.setPrice('XAUUSD', '2412.555')).toThrow(RangeError); // finer than the precision
    expect(() => x.s.setPrice('XAUUSD', '0')).toThrow(RangeError);
    expect(() => x.s.setPrice('NOPE', '1')).toThrow();
    // Manual mode: nothing moves unless stepped.
    const n = x.ticks.length;
    x.clock.t += 60_000;
    expect(x.ticks.length).toBe(n);
    x.s.step(1_000);
    expect(x.ticks.length).toBeGreaterThan(n);
  });

  it('crosses a long clock jump in one move instead of replaying every tick', () => {
    const x = sim(TUESDAY);
    x.clock.t += 6 * 3_600_000;
    x.s.advanceTo(x.clock.t);
    expect(x.ticks.length).toBeLessThanOrEqual(catalog.length);
    expect(x.ticks.filter((t) => t.code === 'BTCUSDT')).toHaveLength(1);
  });
});

describe('simulator at the weekend', () => {
  it('keeps the last session open price for scripted prices while the market is shut', () => {
    const x = sim('2026-11-21T12:00:00Z'); // Saturday
    x.s.setPrice('XAUUSD', '2400.00');
    const open = x.s.latest('XAUUSD')?.open;
    x.s.setPrice('XAUUSD', '2424.00');
    x.clock.t += 3_600_000;
    x.s.setPrice('XAUUSD', '2412.00');
    expect(x.s.latest('XAUUSD')?.open).toBe(open);
    expect(x.s.latest('XAUUSD')?.high).toBe('2424.00');
  });
});
