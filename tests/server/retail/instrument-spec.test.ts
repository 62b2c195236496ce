// The specification sheet's server figures (docs/retail-protection.md "What the app shows"): the swap rates and triple
// day the swap job charges, the weekly session and the next open or close the market keeps, the dealer's spread as
// the price desk makes it, and no stop level — for instruments of three classes; a scheduled closure in the next open
// or close; and a clear refusal for a bad id.
import { describe, expect, it } from 'vitest';
import type { InstrumentSpec } from '../../../domain/retail.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import { swapSet } from '../../../server/ops/commands/book.ts';
import { closureAdd, closureCancel } from '../../../server/ops/commands/closures.ts';
import { deskSpread } from '../../../server/ops/commands/price-desk.ts';
import { runAs } from '../../../server/ops/run.ts';
import { manualClock, TEST_OPERATOR, useTestServer } from '../support/harness.ts';

const clock = manualClock(); // Tuesday 6 January 2026, 12:00 UTC
const http = useTestServer({ clock, market: { manual: true } });
const EURUSD = 1;
const BTCUSDT = 17;
const GER40 = 26;

const spec = (id: number | string) => http.client.get<InstrumentSpec>('/v1/api/retail/spec', { forex_id: id });

describe('the specification sheet’s figures', () => {
  it('a major pair: the swap terms set, the spread marked up, open until Friday 22:00 UTC', async () => {
    await runAs(
      http.server.ctx,
      swapSet,
      { code: 'EURUSD', long: '-6.5', short: '1.20', triple: 'wed' },
      TEST_OPERATOR,
    );
    await runAs(http.server.ctx, deskSpread, { code: 'EURUSD', points: '15' }, TEST_OPERATOR);
    const r = await spec(EURUSD);
    expect(r.code).toBe(1);
    expect(r.data).toEqual({
      forex_id: EURUSD,
      swap_long: '-6.5',
      swap_short: '1.2',
      swap_mode: 'points',
      swap_triple_day: 3,
      swap_time: '17:00',
      swap_zone: 'America/New_York',
      always_open: false,
      session_open: Date.UTC(2026, 0, 4, 22),
      session_close: Date.UTC(2026, 0, 9, 22),
      open: true,
      next_change: Date.UTC(2026, 0, 9, 22),
      spread_rule: 'fixed',
      spread_points: 15,
      stop_level: 0,
      closures: [], // none scheduled (tests/server/market/closures/market-closures.test.ts lists them)
    });
  });

  it("a European index widened in percent swaps, closed on Saturday until Monday's open, its session a day", async () => {
    await runAs(
      http.server.ctx,
      swapSet,
      { code: 'GER40', long: '-2.5', short: '-0.75', mode: 'percent', triple: 'fri' },
      TEST_OPERATOR,
    );
    await runAs(http.server.ctx, deskSpread, { code: 'GER40', points: '20', mode: 'widen' }, TEST_OPERATOR);
    // Tuesday noon: Frankfurt's session, from its 01:10 open to its 22:00 close (00:10 to 21:00 UTC in winter).
    expect((await spec(GER40)).data).toMatchObject({
      session_open: Date.UTC(2026, 0, 6, 0, 10),
      session_close: Date.UTC(2026, 0, 6, 21),
      open: true,
      next_change: Date.UTC(2026, 0, 6, 21),
    });
    clock.set(Date.UTC(2026, 0, 10, 9));
    try {
      expect((await spec(GER40)).data).toMatchObject({
        swap_long: '-2.5',
        swap_short: '-0.75',
        swap_mode: 'percent',
        swap_triple_day: 5,
        session_open: Date.UTC(2026, 0, 12, 0, 10), // Monday's
        session_close: Date.UTC(2026, 0, 12, 21),
        open: false,
        next_change: Date.UTC(2026, 0, 12, 0, 10),
        spread_rule: 'widen',
        spread_points: 20,
      });
    } finally {
      clock.set(Date.UTC(2026, 0, 6, 12));
    }
  });

  it('a crypto pair: its seeded swap terms, around the clock, one price', async () => {
    expect((await spec(BTCUSDT)).data).toMatchObject({
      swap_long: '-18',
      swap_short: '-12',
      swap_mode: 'percent',
      swap_triple_day: 3,
      always_open: true,
      session_open: null,
      session_close: null,
      open: true,
      next_change: null,
      spread_rule: 'none',
      spread_points: 0,
      stop_level: 0,
    });
  });

  it('a scheduled closure comes before the weekly close, and while it lasts the next open is its end', async () => {
    const window = { from: '2026-01-08T00:00Z', to: '2026-01-08T12:00Z' };
    const added = await runAs(
      http.server.ctx,
      closureAdd,
      { code: 'EURUSD', ...window, reason: 'a holiday' },
      TEST_OPERATOR,
    );
    try {
      expect((await spec(EURUSD)).data).toMatchObject({
        session_open: Date.UTC(2026, 0, 4, 22),
        open: true,
        next_change: Date.UTC(2026, 0, 8, 0),
      });
      clock.set(Date.UTC(2026, 0, 8, 6));
      expect((await spec(EURUSD)).data).toMatchObject({
        session_open: Date.UTC(2026, 0, 4, 22),
        open: false,
        next_change: Date.UTC(2026, 0, 8, 12),
      });
    } finally {
      clock.set(Date.UTC(2026, 0, 6, 12));
      await runAs(http.server.ctx, closureCancel, { id: (added as { ids: string }).ids }, TEST_OPERATOR);
    }
  });

  it('refuses an unknown or malformed instrument with a clear message', async () => {
    const unknown = await spec(99_999);
    expect(unknown.code).toBe(0);
    expect(unknown.msg).toBe(en.errors.instrument_not_found);
    expect((await spec('x')).code).toBe(0);
  });
});
