// Opens mirrored in chunks, every single-copy rule per copy, keys claimed in the chunk's transaction (exactly once).
import { dec, exactText } from '../../domain/decimal.ts';
import { copiedLots, copiedMultiple, sameDistance, slipped } from '../../domain/copy-maths.ts';
import { FIXED_MARGIN_MODE, sideOf } from '../../domain/trade-maths.ts';
import { MAX_LOTS } from '../../domain/order-rules.ts';
import { type Price } from '../../domain/units.ts';
import { getSetting } from '../settings/settings.ts';
import { accountsOf, moveMany } from '../ledger/ledger.ts';
import { ApiError } from '../http/envelope.ts';
import { nextSeqs } from '../engine/event-seq.ts';
import { insertOrders } from '../engine/orders-repository.ts';
import { closeSide, openSide } from '../engine/sides.ts';
import {
  lockAccounts,
  MAX_OPEN_ORDERS,
  openOrderCounts,
  planSubmit,
  type SubmitInput,
} from '../engine/submit-order.ts';
import { memoOf, newOrderOf, openMovements } from '../engine/transitions.ts';
import type { EngineInstrument, OrderRow, SubmitPlan } from '../engine/types.ts';
import { assetClassOfInstrument, offeredFor, retailTermsOfMany } from '../retail/retail-terms.ts';
import type { CopyRow } from './copy-repository.ts';
import {
  claimActions,
  insertLinks,
  markSkippedMany,
  providerOrderState,
  type BatchClaim,
} from './mirror-repository.ts';
import { accountIds, committed, type MirrorDeps, stopsOf, type Told } from './mirror-actions.ts';

/** Large enough that a thousand followers take a few, small enough that a chunk's locks are held for milliseconds. */
export const MIRROR_CHUNK = 500;

export function chunks<T>(all: readonly T[], size = MIRROR_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < all.length; i += size) out.push(all.slice(i, i + size));
  return out;
}

const skipReason = (err: ApiError): string => (err.key === 'insufficient_balance' ? 'insufficient_margin' : err.key);

type Planned = { copy: CopyRow; plan: SubmitPlan; lots: string } | { copy: CopyRow; skip: string; lots: string };

/** The live facts every copy of one provider open is judged on: the instrument open, unblocked and priced. */
function openMarket(
  deps: MirrorDeps,
  row: OrderRow,
): { skip: string } | { inst: EngineInstrument; at: Price; closeAt: Price } {
  const inst = deps.engine.instrument(row.instrumentId);
  if (!inst || inst.tradable === false) return { skip: 'instrument_not_found' };
  if (!deps.market.isOpen(inst.code)) return { skip: 'market_closed' };
  try {
    deps.engine.instruments.refuseOnBlock(inst.code);
  } catch (err) {
    if (err instanceof ApiError) return { skip: err.key };
    throw err;
  }
  const sides = deps.engine.instruments.currentSides(inst);
  if (!sides) return { skip: 'no_price' };
  const side = sideOf(row.orderType);
  return { inst, at: openSide(side, sides), closeAt: closeSide(side, sides) };
}

/** Outside the transaction: reads and pure rules only. */
async function planOpens(deps: MirrorDeps, row: OrderRow, copies: readonly CopyRow[]): Promise<Planned[]> {
  const market = openMarket(deps, row);
  if ('skip' in market) return copies.map((copy) => ({ copy, skip: market.skip, lots: '' }));
  const { inst, at, closeAt } = market;
  const side = sideOf(row.orderType);
  const accounts = copies.map((c) => c.account_id);
  const terms = await retailTermsOfMany(deps.db, accounts);
  const assetClass = await assetClassOfInstrument(deps.db, inst.id);
  const tradeFeeType = Number(await getSetting(deps.db, 'trade_fee_type'));
  const balances = new Map((await accountsOf(deps.db, [row.userId, ...accounts])).map((a) => [Number(a.user_id), a]));
  const equityOf = (userId: number) =>
    dec(balances.get(userId)?.balance ?? 0)
      .plus(deps.engine.marginOf(userId))
      .plus(deps.engine.floatingOf(userId));
  const providerEquity = equityOf(row.userId);
  const fixed = inst.spec.MarginMode === FIXED_MARGIN_MODE;
  // Parsed or judged once: the same for every copy of this fill.
  const takeProfitPrice = stopText(sameDistance(row.targetProfitPrice, row.price, at));
  const stopLossPrice = stopText(sameDistance(row.targetLossPrice, row.price, at));
  const sizing = {
    providerLots: dec(row.quantity),
    providerEquity,
    contractSize: dec(inst.spec.ForexContNum),
    price: at,
    lots: { min: dec(inst.minLots), step: dec(inst.pip), max: dec(MAX_LOTS) },
  };
  const slips = new Map<string, boolean>();
  const slippedAt = (percent: string): boolean => {
    let out = slips.get(percent);
    if (out === undefined) slips.set(percent, (out = slipped(side, row.price, at, percent)));
    return out;
  };
  return copies.map((copy): Planned => {
    const skip = (reason: string, lotsText = ''): Planned => ({ copy, skip: reason, lots: lotsText });
    if (slippedAt(copy.slippage_percent)) return skip('slippage');
    const t = terms.get(copy.account_id);
    if (!t) return skip('not_found');
    // The leverages the follower's own retail terms offer on this instrument (docs/retail-protection.md).
    const offered = offeredFor(t, assetClass, inst.multiples);
    const top = offered.length > 0 ? Math.max(...offered) : 0;
    const leverage = copiedMultiple(row.leverage, offered, Math.min(copy.leverage_cap, top));
    if (leverage === null) return skip('leverage');
    if (t.owesQuestionnaire) return skip('appropriateness_required');
    if (!fixed && t.capped && leverage > t.caps[assetClass]) return skip('leverage_above_cap');
    const sized = copiedLots({
      ...sizing,
      copyEquity: equityOf(copy.account_id),
      multiplier: copy.multiplier,
      leverageCap: copy.leverage_cap,
    });
    if (!sized.ok) return skip(sized.reason, exactText(sized.wanted));
    const lotsText = exactText(sized.lots);
    const input: SubmitInput = {
      side,
      lots: lotsText,
      status: 1,
      targetPrice: '0',
      takeProfitPrice,
      stopLossPrice,
      leverage,
    };
    try {
      const multiples = fixed ? [...inst.multiples] : offered;
      const plan = planSubmit(input, { ...inst, multiples }, { open: true, current: at, closeAt }, tradeFeeType);
      return { copy, plan, lots: lotsText };
    } catch (err) {
      if (err instanceof ApiError) return skip(skipReason(err), lotsText);
      throw err;
    }
  });
}

const stopText = (v: ReturnType<typeof sameDistance>): string => (v ? exactText(v) : '0');

const claimOf = (p: Planned): BatchClaim =>
  'skip' in p
    ? { copyId: p.copy.id, outcome: 'skipped', reason: p.skip, lots: p.lots }
    : { copyId: p.copy.id, outcome: 'done', reason: '', lots: p.lots };

export async function mirrorOpens(deps: MirrorDeps, row: OrderRow, copies: readonly CopyRow[]): Promise<Told[]> {
  const planned = await planOpens(deps, row, copies);
  const inst = deps.engine.instrument(row.instrumentId);
  return deps.db.tx(async (q): Promise<Told[]> => {
    const now = deps.clock.now();
    const claimed = await claimActions(q, row.id, 'open', planned.map(claimOf), now);
    const mine = planned.filter((p) => claimed.has(p.copy.id));
    const told: Told[] = [];
    const toOpen: Array<{ copy: CopyRow; plan: SubmitPlan; lots: string }> = [];
    for (const p of mine) {
      if ('skip' in p) told.push({ copy: p.copy, outcome: { kind: 'skipped', reason: p.skip, lots: p.lots } });
      else toOpen.push(p);
    }
    if (toOpen.length === 0 || !inst) return told;
    // The provider's own close waits for this transaction (FOR SHARE); one that came first makes the opens moot.
    if ((await providerOrderState(q, row.id))?.status !== 1) {
      const moot = toOpen.map((p): Told => ({
        copy: p.copy,
        outcome: { kind: 'skipped', reason: 'provider_closed', lots: p.lots },
      }));
      await markSkippedMany(q, row.id, 'open', moot);
      return told;
    }
    // As submitInTx takes them (lockAccounts), all of the chunk's in user-id order.
    const held = await lockAccounts(q, accountIds(toOpen));
    const counts = await openOrderCounts(q, accountIds(toOpen));
    const refused: Told[] = [];
    const fits = toOpen.filter((p) => {
      const account = held.get(p.copy.account_id);
      let reason: string | null = null;
      if ((counts.get(p.copy.account_id) ?? 0) >= MAX_OPEN_ORDERS) reason = 'too_many_open_orders';
      else if (!account || dec(account.balance).lt(p.plan.margin.plus(p.plan.fee))) reason = 'insufficient_margin';
      if (reason === null) return true;
      refused.push({ copy: p.copy, outcome: { kind: 'skipped', reason, lots: p.lots } });
      return false;
    });
    await markSkippedMany(q, row.id, 'open', refused);
    told.push(...refused);
    if (fits.length === 0) return told;
    const news = fits.map((p) => newOrderOf(p.copy.account_id, inst, p.plan, now));
    const orders = await insertOrders(q, news);
    const byAccount = new Map(orders.map((o) => [o.userId, o]));
    const orderOf = (accountId: number): OrderRow => {
      const o = byAccount.get(accountId);
      if (!o) throw new Error(`no copied order for account ${accountId}`);
      return o;
    };
    const moved = await moveMany(
      q,
      fits.map((p) => ({
        userId: p.copy.account_id,
        ms: openMovements(p.plan, memoOf(inst, orderOf(p.copy.account_id).id), now),
      })),
    );
    if (moved.size !== fits.length) throw new Error('a batched open was refused by the ledger under its locks');
    const seqs = await nextSeqs(q, accountIds(fits));
    await insertLinks(
      q,
      fits.map((p) => ({
        copyId: p.copy.id,
        providerOrderId: row.id,
        followerOrderId: orderOf(p.copy.account_id).id,
        providerPrice: row.price,
        providerLots: row.quantity,
        providerStops: stopsOf(row),
      })),
    );
    for (const p of fits) {
      const done = committed(orderOf(p.copy.account_id), seqs, moved);
      told.push({ copy: p.copy, outcome: { kind: 'done', commits: [{ done, closed: false }], lots: p.lots } });
    }
    return told;
  });
}
