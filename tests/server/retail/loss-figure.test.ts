// The risk warning's loss figure on a made-up population (docs/retail-protection.md "The loss figure"): realised
// P&L after fees and swaps, the floating P&L of open positions, demo, professional and internal accounts and
// positions outside the 12 months left out; stored with its date and method, listed and recomputed by the operator,
// and shown by the public warning route.
import { beforeAll, describe, expect, it } from 'vitest';
import type { RiskWarning } from '../../../domain/retail.ts';
import { DAY_MS } from '../../../domain/time.ts';
import { usd } from '../../../domain/units.ts';
import { RETAIL_COMMANDS } from '../../../server/ops/commands/retail.ts';
import { runAs } from '../../../server/ops/run.ts';
import {
  computeLossFigure,
  LOSS_METHOD,
  lossPercent,
  quarterStart,
  type LossFigure,
} from '../../../server/retail/loss-figure.ts';
import { manualClock, TEST_OPERATOR, useTestServer } from '../support/harness.ts';

const clock = manualClock();
const http = useTestServer({ clock, market: { manual: true } });
const DAY = DAY_MS;

interface Trade {
  /** Realised P&L (closed) — 0 for an open position. */
  pnl: string;
  fee: string;
  swap: string;
  /** Days ago it closed; null: still open. */
  closedAgo: number | null;
  filled?: boolean;
}

let seq = 0;
async function account(category: string, isDemo: number, trades: Trade[]): Promise<number> {
  const { db } = http.server.ctx;
  const n = ++seq;
  const [u] = await db.query<{ id: number }>(
    `INSERT INTO users (uid, email, password_hash, is_demo, invite_code, created_at, client_category)
     VALUES ($1, $2, '', $3, $4, $5, $6) RETURNING id`,
    [`9${String(n).padStart(7, '0')}`, `loss${n}@example.com`, isDemo, `LOSS${n}`, clock.now(), category],
  );
  const userId = Number(u?.id);
  for (const t of trades) {
    const open = t.closedAgo === null;
    const filled = t.filled ?? true;
    await db.query(
      `INSERT INTO orders (user_id, instrument_id, order_type, quantity, multiple, price, origin_price, update_price,
         fact_profits, caution_money, trade_fee, swap, status, close_reason, created_at, filled_at, completed_at)
       VALUES ($1, 1, 1, 1, 20, 1, 1, 1, $2, 100, $3, $4, $5, $6, $7, $8, $9)`,
      [
        userId,
        t.pnl,
        t.fee,
        t.swap,
        open ? 1 : 3,
        open ? '' : filled ? 'user' : 'cancel',
        clock.now() - 500 * DAY,
        filled ? clock.now() - 500 * DAY : null,
        open ? null : clock.now() - (t.closedAgo ?? 0) * DAY,
      ],
    );
  }
  return userId;
}

const floating = new Map<number, string>();
const floatingOf = (id: number) => usd(floating.get(id) ?? '0');

beforeAll(async () => {
  // Counted (7): A, C and J lose; B, D, K and L do not.
  await account('retail', 0, [{ pnl: '100', fee: '30', swap: '-80', closedAgo: 10 }]); // A: −10 after costs
  await account('retail', 0, [{ pnl: '100', fee: '10', swap: '0', closedAgo: 20 }]); // B: +90
  const c = await account('retail', 0, [
    { pnl: '10', fee: '0', swap: '0', closedAgo: 30 },
    { pnl: '0', fee: '5', swap: '0', closedAgo: null },
  ]);
  floating.set(c, '-20'); // C: 10 − 5 − 20 = −15
  const d = await account('retail', 0, [
    { pnl: '-30', fee: '0', swap: '0', closedAgo: 40 },
    { pnl: '0', fee: '10', swap: '-1', closedAgo: null },
  ]);
  floating.set(d, '50'); // D: −30 − 10 − 1 + 50 = +9: the unrealised gain makes it a winner
  await account('retail', 0, [{ pnl: '-1', fee: '0', swap: '0', closedAgo: 364 }]); // J: −1
  await account('retail', 0, [{ pnl: '5', fee: '0', swap: '0', closedAgo: 1 }]); // K: +5
  await account('retail', 0, [{ pnl: '1', fee: '1', swap: '0', closedAgo: 2 }]); // L: 0 is no loss
  // Left out: demo, professional, internal, only outside the 12 months, only a cancelled pending order.
  await account('retail', 1, [{ pnl: '-500', fee: '0', swap: '0', closedAgo: 5 }]);
  await account('professional', 0, [{ pnl: '-500', fee: '0', swap: '0', closedAgo: 5 }]);
  await account('internal', 0, [{ pnl: '-500', fee: '0', swap: '0', closedAgo: 5 }]);
  await account('retail', 0, [{ pnl: '-100', fee: '0', swap: '0', closedAgo: 400 }]);
  await account('retail', 0, [{ pnl: '0', fee: '0', swap: '0', closedAgo: 3, filled: false }]);
});

describe('the loss figure', () => {
  it('rounds half up to a whole percent', () => {
    expect(lossPercent(3, 7)).toBe(43); // 42.857…
    expect(lossPercent(1, 8)).toBe(13); // 12.5
    expect(lossPercent(0, 5)).toBe(0);
    expect(lossPercent(0, 0)).toBeNull();
  });

  it('counts 3 losing of 7 retail accounts: 43 %, stored with its date and method', async () => {
    const { db } = http.server.ctx;
    const figure = await computeLossFigure(db, clock.now(), floatingOf, 'test');
    expect(figure).toMatchObject({
      computed_at: clock.now(),
      period_from: clock.now() - 365 * DAY,
      period_to: clock.now(),
      accounts: 7,
      losing: 3,
      percent: 43,
      method: LOSS_METHOD,
      computed_by: 'test',
    });
    const warning = await http.client.get<RiskWarning>('/v1/api/retail/warning');
    expect(warning.data).toEqual({ shown: false, percent: 43, computed_at: clock.now() });
  });

  it('the operator recomputes it (audited) and sees the history, newest first', async () => {
    clock.advance(2 * DAY);
    const run = RETAIL_COMMANDS.find((c) => c.name === 'loss-figure-run');
    const list = RETAIL_COMMANDS.find((c) => c.name === 'loss-figure-list');
    if (!run || !list) throw new Error('commands missing');
    // The engine knows no open position of these made-up rows: C's and D's floating P&L is 0 here.
    const again = await runAs(http.server.ctx, run, {}, TEST_OPERATOR);
    // C: 10 − 5 = +5 (no longer losing), D: −41 (losing), and J, closed 366 days ago now, falls out: 2 of 6.
    expect(again).toMatchObject({ accounts: 6, losing: 2, percent: 33, computed_by: 'break-glass' });
    const history = (await runAs(http.server.ctx, list, {}, TEST_OPERATOR)) as LossFigure[];
    // The start-up job may have found nothing to count (it stores nothing then); these two are the test's.
    expect(history.filter((h) => h.computed_by !== 'quarterly job').map((h) => h.percent)).toEqual([33, 43]);
    const [audit] = await http.server.ctx.db.query<{ after_value: string }>(
      "SELECT after_value FROM audit_log WHERE action = 'loss-figure-run' ORDER BY id DESC LIMIT 1",
    );
    expect(JSON.parse(audit?.after_value ?? '{}')).toMatchObject({ percent: 33 });
  });

  it('the quarter starts on the first of January, April, July and October (UTC)', () => {
    expect(quarterStart(Date.UTC(2026, 4, 17, 9))).toBe(Date.UTC(2026, 3, 1));
    expect(quarterStart(Date.UTC(2026, 0, 1))).toBe(Date.UTC(2026, 0, 1));
    expect(quarterStart(Date.UTC(2026, 11, 31, 23))).toBe(Date.UTC(2026, 9, 1));
  });
});
