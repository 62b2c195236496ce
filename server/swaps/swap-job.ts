// The swap job: the claimed (position, rollover) row makes each charge happen exactly once (docs/trading.md "Swaps").
import type { Services } from '../core/services.ts';
import { dec, exactText } from '../../domain/decimal.ts';
import { sideOf } from '../../domain/trade-maths.ts';
import { rolloversBetween, swapAmount, type Rollover } from '../../domain/swap.ts';
import { type Timers, DAY_MS } from '../../domain/time.ts';
import { lots, price, type Price } from '../../domain/units.ts';
import { lockHoldings } from '../engine/orders-repository.ts';
import { committed, memoOf, type Committed } from '../engine/transitions.ts';
import { bookAbsorbed } from '../ledger/house-book.ts';
import type { EngineInstrument } from '../engine/types.ts';
import { getAccount, move } from '../ledger/ledger.ts';
import { RecordType } from '../ledger/record-types.ts';
import {
  addAccruedSwap,
  claimSwapCharge,
  swapCandidates,
  swapTermsList,
  type SwapTermsRow,
} from './swap-repository.ts';
import { startRepeatingJob, type RepeatingJob } from '../core/repeating-job.ts';

/** A week covers any weekend or outage we expect. */
export const CATCH_UP_MS = 7 * DAY_MS;
/** Bounds a run after a long pause of an accelerated rollover. */
const MAX_PER_RUN = 50;

export interface SwapJobDeps extends Pick<Services, 'db' | 'clock' | 'log'> {
  engine: {
    instrument(id: number): EngineInstrument | undefined;
    currentPrice(inst: EngineInstrument): Price | null;
    applyCommitted(done: Committed): unknown;
  };
  /** An accelerated rollover for the soak and demos; 0: the daily schedule. */
  periodMs?: number;
}

/** False when the position closed meanwhile or someone charged it first. */
async function chargeOne(
  deps: SwapJobDeps,
  orderId: number,
  inst: EngineInstrument,
  terms: SwapTermsRow,
  r: Rollover,
): Promise<Committed | null> {
  return deps.db.tx(async (q) => {
    const row = (await lockHoldings(q, [orderId])).get(orderId);
    if (!row) return null;
    const side = sideOf(row.orderType);
    const at = deps.engine.currentPrice(inst) ?? price(row.updatePrice);
    const amount = swapAmount(terms, inst.spec, inst.pricePrecision, side, lots(row.quantity), at, r.nights);
    const acc = amount.isZero() ? undefined : await getAccount(q, row.userId);
    // Negative-balance protection: a debit takes at most what is available, and the house bears the rest.
    const available = dec(acc?.balance ?? '0');
    const charged = amount.lt(0) && amount.abs().gt(available) ? available.neg() : amount;
    // A zero rollover is still claimed, so it is not looked at again.
    const claimed = await claimSwapCharge(q, {
      orderId,
      userId: row.userId,
      rolloverAt: r.at,
      nights: r.nights,
      amount: exactText(amount),
      charged: exactText(charged),
    });
    if (!claimed || amount.isZero()) return null;
    const account = charged.isZero()
      ? (acc ?? null)
      : await move(q, row.userId, {
          balance: charged,
          type: RecordType.SWAP,
          memo: memoOf(inst, row.id),
          at: r.at,
        });
    await bookAbsorbed(q, row, amount, charged, r.at, 'swap');
    const updated = await addAccruedSwap(q, orderId, exactText(charged));
    if (!updated) throw new Error(`position ${orderId} left holding inside its own lock`);
    return committed(q, updated, account);
  });
}

export async function runSwaps(deps: SwapJobDeps): Promise<{ charged: number }> {
  const now = deps.clock.now();
  const terms = new Map<number, SwapTermsRow>();
  for (const t of await swapTermsList(deps.db)) {
    if (!dec(t.longRate).isZero() || !dec(t.shortRate).isZero()) terms.set(t.instrumentId, t);
  }
  const result = { charged: 0 };
  for (const c of await swapCandidates(deps.db, [...terms.keys()])) {
    const t = terms.get(c.instrumentId);
    const inst = deps.engine.instrument(c.instrumentId);
    if (!t || !inst) continue;
    const from = Math.max(c.filledAt, c.lastRollover, now - CATCH_UP_MS);
    const due = rolloversBetween(from, now, t, deps.periodMs ?? 0).slice(0, MAX_PER_RUN);
    for (const r of due) {
      let done: Committed | null;
      try {
        done = await chargeOne(deps, c.id, inst, t, r);
      } catch (err) {
        // A balance changed under the charge: this position's later rollovers wait for the next run.
        deps.log.warn({ err, orderId: c.id, rolloverAt: r.at }, 'swap charge failed; retried on the next run');
        break;
      }
      if (done) {
        result.charged += 1;
        deps.engine.applyCommitted(done);
      }
    }
  }
  return result;
}

/** Within 5 s of a daily rollover; four times a period when accelerated. */
export const swapCheckEveryMs = (periodMs: number): number =>
  periodMs > 0 ? Math.max(100, Math.min(5000, Math.floor(periodMs / 4))) : 5000;

/** Runs once at start too: a writer that was down charges what it missed. */
export function startSwapJob(deps: SwapJobDeps & { timers: Timers }): RepeatingJob {
  const run = async (): Promise<void> => {
    const r = await runSwaps(deps);
    if (r.charged) deps.log.info({ swaps: r }, 'swaps charged');
  };
  return startRepeatingJob(deps, swapCheckEveryMs(deps.periodMs ?? 0), run, {
    failed: 'swap job failed; the next run retries',
    atStart: true,
  });
}
