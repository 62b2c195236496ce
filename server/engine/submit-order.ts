// One order's submission inside its transaction (docs/trading.md "Submit"): the idempotency key claimed first (a
// concurrent retry waits for this transaction and gets its answer), the plan from one quote (submit-check.ts), the
// pending order's expiry, the open-order cap, the order booked, and the answer stored under the key. The engine
// (engine.ts) runs it in a transaction and applies the commit to its book.
import { FIXED_MARGIN_MODE, sideOf } from '../../domain/trade-maths.ts';
import type { Clock } from '../../domain/time.ts';
import type { Order } from '../../domain/types.ts';
import type { Queryable } from '../db/db.ts';
import type { MarketView } from '../market/market-view.ts';
import { checkOpenOrderCap } from '../security/open-orders.ts';
import { checkRetailOrder } from '../retail/retail-terms.ts';
import { getSetting } from '../settings/settings.ts';
import { checkSameParams, claimKey, saveAnswer, storedAnswer } from './idempotency.ts';
import type { KnownInstruments } from './known-instruments.ts';
import { toWireOrder } from './order-wire.ts';
import { checkExpiryWritten, expiryOf, setExpiry } from './pending-expiry.ts';
import { closeSide, openSide } from './sides.ts';
import { planSubmit, type SubmitInput } from './submit-check.ts';
import { openOrder, type Committed } from './transitions.ts';
import type { EngineInstrument } from './types.ts';

export type SubmitOutcome = { replay: Order } | { done: Committed; order: Order };

export interface SubmitDeps {
  clock: Clock;
  market: MarketView;
  instruments: KnownInstruments;
}

export interface Submission {
  userId: number;
  inst: EngineInstrument;
  input: SubmitInput;
  /** The client's idempotency key, null without one; `params` is the submission's fingerprint under it. */
  idemKey: string | null;
  params: string;
}

/** The booked order and its answer, or the first answer of a key already used with the same parameters. */
export async function submitInTx(q: Queryable, deps: SubmitDeps, s: Submission): Promise<SubmitOutcome> {
  const { userId, inst, input, idemKey, params } = s;
  const now = deps.clock.now();
  // Claiming the key first makes a concurrent retry wait here until this transaction ends.
  if (idemKey && !(await claimKey(q, userId, idemKey, params, now))) {
    const stored = await storedAnswer(q, userId, idemKey);
    if (!stored) throw new Error('idempotency key claimed without an answer');
    checkSameParams(stored, params);
    return { replay: stored.first };
  }
  // The retail rules first (docs/retail-protection.md): every new order, demo or real, passes here.
  const multiples = await checkRetailOrder(q, userId, inst, input.multiple, inst.spec.MarginMode === FIXED_MARGIN_MODE);
  const tradeFeeType = Number(await getSetting(q, 'trade_fee_type'));
  // One quote for the whole submit: the price it opens at and the side it is shown at come from the same tick.
  const sides = deps.instruments.currentSides(inst);
  const side = sideOf(input.type);
  const plan = planSubmit(
    input,
    { ...inst, multiples },
    {
      open: deps.market.isOpen(inst.code),
      current: sides && openSide(side, sides),
      closeAt: sides && closeSide(side, sides),
    },
    tradeFeeType,
  );
  // A pending order's expiry; refused (past, not a date) before anything is booked. A market order has none, but
  // a malformed one is refused all the same (docs/trading.md "Submit", step 9): never silently ignored.
  if (plan.status !== 0) checkExpiryWritten(input.expire, now);
  const expiresAt = plan.status === 0 ? expiryOf(input.expire, now) : 0;
  await checkOpenOrderCap(q, userId);
  const done = await openOrder(q, userId, inst, plan, now);
  if (expiresAt > 0) {
    await setExpiry(q, done.row.id, expiresAt);
    done.row = { ...done.row, expiresAt };
  }
  // A position is shown at its closing side at once (a buy bought at the ask shows its P&L at the bid).
  const shown = plan.status === 1 && sides ? closeSide(plan.side, sides) : plan.originPrice;
  const order = toWireOrder(done.row, inst, shown);
  if (idemKey) await saveAnswer(q, userId, idemKey, order);
  return { done, order };
}
