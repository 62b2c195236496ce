// Swap terms on a new install (docs/trading.md "Swaps", server/db/seeds/swaps.ts) on the real database (TEST_DB=pglite
// and postgres): every catalog instrument has realistic long and short rates, negative both ways on most; a position
// held over a rollover accrues a charge with no dealer action; and the seeder never touches an install that has terms
// or orders already (an operator's terms survive a restart; an install that ran without swaps stays without).
import { describe, expect, it } from 'vitest';
import { dec } from '../../../domain/decimal.ts';
import type { Order, OrderList } from '../../../domain/types.ts';
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { INSTRUMENTS } from '../../../server/market/instrument-catalogue.ts';
import { swapList, swapSet } from '../../../server/ops/commands/book.ts';
import { swapsSeeder } from '../../../server/db/seeds/swaps.ts';
import { runSwaps } from '../../../server/swaps/swap-job.ts';
import { manualClock, registerAndLogin, TEST_OPERATOR, useTestServer } from '../support/harness.ts';

// Monday 2026-01-05 12:00 UTC; the rollover is 17:00 New York, 22:00 UTC.
const clock = manualClock(Date.UTC(2026, 0, 5, 12, 0, 0));
const t = useTestServer({ clock, market: { manual: true } });

interface Terms {
  code: string;
  longRate: string;
  shortRate: string;
  mode: string;
  updatedBy: string;
}

describe('swap terms on a new install', () => {
  it('gives every instrument long and short rates, negative both ways on most', async () => {
    const terms = (await swapList.run(t.server.ctx, {}, TEST_OPERATOR)) as Terms[];
    expect(terms.map((x) => x.code).sort()).toEqual(INSTRUMENTS.map((i) => i.code).sort());
    for (const x of terms) {
      expect(dec(x.longRate).isZero() && dec(x.shortRate).isZero(), x.code).toBe(false);
      expect(x.updatedBy).toBe('seed');
    }
    const bothNegative = terms.filter((x) => dec(x.longRate).lt(0) && dec(x.shortRate).lt(0));
    expect(bothNegative.length).toBeGreaterThan(terms.length * 0.75);
    expect(terms.find((x) => x.code === 'EURUSD')).toMatchObject({ mode: 'points' });
    expect(terms.find((x) => x.code === 'BTCUSDT')).toMatchObject({ mode: 'percent' });
  });

  it('charges a position held over the rollover with no dealer action', async () => {
    (t.server.ctx.market as unknown as { setPrice(code: string, p: string): unknown }).setPrice('EURUSD', '1.08500');
    await t.server.ctx.engine.idle();
    const u = await registerAndLogin(t.server, { clock });
    await move(t.server.ctx.db, u.user.id, { balance: '100000', type: RecordType.MEMO, memo: 'test', at: clock.now() });
    const placed = await u.client.get<Order>('/v1/api/forex/submit', {
      type: 1,
      cont: '1',
      forex_id: 1,
      status: 1,
      multiple: 100,
    });
    expect(placed.code, placed.msg).toBe(1);
    clock.set(Date.UTC(2026, 0, 5, 22, 0, 1));
    const ran = await runSwaps({ db: t.server.ctx.db, clock, log: t.server.ctx.log, engine: t.server.ctx.engine });
    expect(ran.charged).toBe(1);
    const list = await u.client.get<OrderList>('/v1/api/forex/my_deal', { status: 1 });
    // −8.2 points a night on 1 lot of 100,000: 8.20 USD.
    expect(list.data.data.find((o) => o.Id === placed.data.Id)?.Swap).toBe('-8.200000');
  });

  it('leaves an install that has terms or orders as it is', async () => {
    await swapSet.run(t.server.ctx, { code: 'EURUSD', long: '-3', short: '-3' }, { ...TEST_OPERATOR, name: 'desk' });
    await t.server.ctx.db.query('DELETE FROM instrument_swaps WHERE instrument_id <> 1');
    await swapsSeeder.run(t.server.ctx.db, clock.now());
    expect(((await swapList.run(t.server.ctx, {}, TEST_OPERATOR)) as Terms[]).map((x) => [x.code, x.longRate])).toEqual(
      [['EURUSD', '-3']],
    );
    // No terms but orders (an install that ran without swaps): nothing is added.
    await t.server.ctx.db.query('DELETE FROM instrument_swaps');
    await swapsSeeder.run(t.server.ctx.db, clock.now());
    expect(await swapList.run(t.server.ctx, {}, TEST_OPERATOR)).toEqual([]);
  });
});
