// The engine's trigger index: per-tick work in proportion to what the tick changes. Per instrument, the holding
// positions (their floating P&L kept in micro-USD) and two price ladders of trigger levels (ladder.ts); per user,
// running margin and floating sums (exposure.ts). A tick on X re-prices only X's positions, finds the crossed triggers
// in O(log n + k), and reports X's holders, whose stop-out check is O(1). Scaled integers throughout (scaled.ts);
// decimal.js only where a figure does not fit, and at the edges (an order's texts when it is indexed, the answers).
import { belowStopOut, firesAt } from './triggers.ts';
import { positionPnl } from '../../src/domain/money.ts';
import { price as priceOf, usd, type Price, type Usd } from '../../src/domain/units.ts';
import { UserExposure, MONEY_SCALE } from './exposure.ts';
import type { EngineIndex, IndexSource, TickOutcome } from './index-types.ts';
import { Ladder } from './ladder.ts';
import { decOf, divHalfUp, placesNeeded, POW10, scaledOf } from './scaled.ts';
import type { EngineInstrument, OpenOrder } from './types.ts';

interface Instrument {
  id: number;
  /** null: terms unknown (not in the catalog): its orders take the decimal path. */
  terms: EngineInstrument | null;
  places: number;
  /** Latest price, scaled (null when unknown or not representable) and as text. */
  price: number | null;
  priceText: string | null;
  holdings: Position[];
  holders: Map<UserExposure, number>;
  /** Levels that fire when the price falls to them (≤) and when it rises to them (≥). */
  down: Ladder;
  up: Ladder;
  /** Pending orders whose target equals their submit price: reached on any tick. */
  always: Set<number>;
  /** Orders whose levels do not fit scaled integers: judged with the decimal rules on every tick. */
  slow: Map<number, OpenOrder>;
}

interface Position {
  o: OpenOrder;
  user: UserExposure;
  inst: Instrument;
  margin: number;
  /** Holding only: side sign, open price scaled, and P&L = sign × diff × mul / div (half-up), |diff| ≤ maxDiff. */
  sign: number;
  open: number | null;
  mul: number;
  div: number;
  maxDiff: number;
  pnl: number;
  slot: number; // index in inst.holdings, -1 when pending
  seq: number; // indexing order: crossed orders are acted on in it, as the book's scan did
  levels: Array<[Ladder, number]>;
}

const EMPTY: TickOutcome = { crossed: [], holders: [] };

export class TickIndex implements EngineIndex {
  private readonly instruments = new Map<number, Instrument>();
  private readonly users = new Map<number, UserExposure>();
  private readonly positions = new Map<number, Position>();
  private seq = 0;

  constructor(private readonly source: IndexSource) {}

  // ---- the book's changes -------------------------------------------------------------------------------------

  added(o: OpenOrder): void {
    this.removed(o);
    const inst = this.instrumentState(o.instrumentId);
    this.syncPrice(inst);
    const user = this.userState(o.userId);
    const margin = scaledOf(o.margin.toFixed(), MONEY_SCALE);
    const pos: Position = {
      o, user, inst, margin: margin ?? Number.NaN, sign: o.side === 'buy' ? 1 : -1, open: null, mul: 0, div: 1,
      maxDiff: -1, pnl: 0, slot: -1, seq: ++this.seq, levels: [],
    };
    this.positions.set(o.id, pos);
    user.orders++;
    user.addMargin(pos.margin);
    if (o.status === 1) this.hold(pos);
    this.placeLevels(pos);
  }

  removed(o: OpenOrder): void {
    const pos = this.positions.get(o.id);
    if (!pos) return;
    this.positions.delete(o.id);
    const { inst, user } = pos;
    for (const [ladder, level] of pos.levels) ladder.remove(level, o.id);
    inst.always.delete(o.id);
    inst.slow.delete(o.id);
    if (pos.slot >= 0) {
      const last = inst.holdings.pop() as Position;
      if (last !== pos) {
        inst.holdings[pos.slot] = last;
        last.slot = pos.slot;
      }
      const n = (inst.holders.get(user) ?? 1) - 1;
      if (n === 0) inst.holders.delete(user);
      else inst.holders.set(user, n);
      user.addFloating(-pos.pnl);
    }
    user.addMargin(-pos.margin);
    user.orders--;
    user.resetIfEmpty();
    if (user.orders === 0 && user.balance === null) this.users.delete(user.userId);
  }

  reindex(instrumentId: number, orders: readonly OpenOrder[]): void {
    for (const o of orders) this.removed(o);
    this.instruments.delete(instrumentId);
    for (const o of orders) this.added(o);
  }

  setBalance(userId: number, balance: string): void {
    this.userState(userId).setBalance(balance);
  }

  // ---- ticks --------------------------------------------------------------------------------------------------

  tick(instrumentId: number, text: string): TickOutcome {
    const inst = this.instruments.get(instrumentId);
    if (!inst) return EMPTY;
    this.reprice(inst, text);
    const crossed: number[] = [];
    const at = inst.price;
    if (at !== null) {
      inst.down.atOrAbove(at, crossed);
      inst.up.atOrBelow(at, crossed);
      for (const id of inst.always) crossed.push(id);
      if (inst.slow.size > 0) {
        const p = priceOf(text);
        for (const o of inst.slow.values()) if (firesAt(o, p)) crossed.push(o.id);
      }
    } else {
      // Unknown terms, or a price with more places than PricePrecision (outside the market's contract): every
      // order of the instrument is judged with the decimal rules.
      const p = priceOf(text);
      for (const pos of this.positions.values()) if (pos.inst === inst && firesAt(pos.o, p)) crossed.push(pos.o.id);
    }
    const holders: number[] = [];
    for (const u of inst.holders.keys()) holders.push(u.userId);
    return { crossed: this.inBookOrder(crossed), holders };
  }

  // ---- figures ------------------------------------------------------------------------------------------------

  marginOf(userId: number): Usd {
    const u = this.users.get(userId);
    if (!u) return usd(0);
    if (!u.overflow) return usd(decOf(u.margin, MONEY_SCALE));
    let total = usd(0);
    for (const pos of this.positionsOf(u)) total = usd(total.plus(pos.o.margin));
    return total;
  }

  floatingOf(userId: number): Usd {
    const u = this.users.get(userId);
    if (!u) return usd(0);
    if (!u.overflow) return usd(decOf(u.floating, MONEY_SCALE));
    let total = usd(0);
    for (const pos of this.positionsOf(u)) {
      const f = this.decimalPnl(pos);
      if (f) total = usd(total.plus(f));
    }
    return total;
  }

  floatingOfOrder(orderId: number): Usd | null {
    const pos = this.positions.get(orderId);
    if (!pos || pos.o.status !== 1 || pos.inst.priceText === null || !pos.inst.terms) return null;
    return Number.isSafeInteger(pos.pnl) ? usd(decOf(pos.pnl, MONEY_SCALE)) : this.decimalPnl(pos);
  }

  belowStopOut(userId: number): boolean {
    const u = this.users.get(userId);
    if (!u || u.balance === null) return false;
    const fast = u.belowStopOut();
    if (fast !== null) return fast;
    return belowStopOut(usd(u.balanceText), this.marginOf(userId), this.floatingOf(userId));
  }

  // ---- internals ----------------------------------------------------------------------------------------------

  private userState(userId: number): UserExposure {
    let u = this.users.get(userId);
    if (!u) {
      u = new UserExposure(userId);
      this.users.set(userId, u);
    }
    return u;
  }

  private instrumentState(id: number): Instrument {
    let inst = this.instruments.get(id);
    if (!inst) {
      const terms = this.source.instrument(id) ?? null;
      inst = {
        id, terms, places: terms?.pricePrecision ?? 0, price: null, priceText: null, holdings: [], holders: new Map(),
        down: new Ladder(), up: new Ladder(), always: new Set(), slow: new Map(),
      };
      this.instruments.set(id, inst);
    }
    return inst;
  }

  /** The market may have moved without a tick reaching the index yet (before start): catch up before indexing. */
  private syncPrice(inst: Instrument): void {
    const latest = inst.terms ? this.source.latestPrice(inst.terms) : null;
    if (latest !== null && latest !== inst.priceText) this.reprice(inst, latest);
  }

  /** New price for the instrument: every holding's P&L and its owner's floating sum move by the difference. */
  private reprice(inst: Instrument, text: string): void {
    inst.priceText = text;
    inst.price = inst.terms ? scaledOf(text, inst.places) : null;
    const at = inst.price;
    for (const pos of inst.holdings) {
      const next = at !== null && pos.open !== null && Math.abs(at - pos.open) <= pos.maxDiff
        ? pnlOf(pos, at - pos.open)
        : this.pnlSlow(pos);
      if (next !== pos.pnl) {
        pos.user.addFloating(next - pos.pnl);
        pos.pnl = next;
      }
    }
  }

  /** A position joins its instrument's holdings: its P&L terms, scaled once. */
  private hold(pos: Position): void {
    const { o, inst } = pos;
    pos.slot = inst.holdings.length;
    inst.holdings.push(pos);
    inst.holders.set(pos.user, (inst.holders.get(pos.user) ?? 0) + 1);
    if (inst.terms) {
      const qText = o.quantity.toFixed();
      const cText = inst.terms.spec.ForexContNum;
      const qp = placesNeeded(qText);
      const cp = placesNeeded(cText);
      const q = scaledOf(qText, qp);
      const c = scaledOf(cText, cp);
      const shift = inst.places + qp + cp - MONEY_SCALE; // P&L = diff × q × c / 10^(places + qp + cp), to 10^-6
      const up = shift < 0 ? POW10[-shift] : 1;
      const div = shift > 0 ? POW10[shift] : 1;
      const open = scaledOf(o.price.toFixed(), inst.places);
      if (q !== null && c !== null && up !== undefined && div !== undefined && open !== null) {
        const mul = q * c * up;
        if (Number.isSafeInteger(mul) && mul > 0) {
          pos.open = open;
          pos.mul = mul;
          pos.div = div;
          pos.maxDiff = Math.floor(Number.MAX_SAFE_INTEGER / mul);
        }
      }
    }
    const at = inst.price;
    pos.pnl = at !== null && pos.open !== null && Math.abs(at - pos.open) <= pos.maxDiff
      ? pnlOf(pos, at - pos.open)
      : this.pnlSlow(pos);
    pos.user.addFloating(pos.pnl);
  }

  /** The P&L through decimal.js (a figure beyond the safe range), back in micro-USD; NaN flags the owner. */
  private pnlSlow(pos: Position): number {
    const f = this.decimalPnl(pos);
    if (!f) return 0;
    return scaledOf(f.toFixed(), MONEY_SCALE) ?? Number.NaN;
  }

  private decimalPnl(pos: Position): Usd | null {
    const { inst, o } = pos;
    if (o.status !== 1 || !inst.terms || inst.priceText === null) return null;
    return positionPnl(inst.terms.spec, o.side, o.quantity, o.price, priceOf(inst.priceText));
  }

  /** Puts the order's trigger levels on its instrument's ladders (or the slow set when they do not fit). */
  private placeLevels(pos: Position): void {
    const { o, inst } = pos;
    const scaled = (p: Price | null): number | null => (p && inst.terms ? scaledOf(p.toFixed(), inst.places) : null);
    const put = (ladder: Ladder, level: number): void => {
      ladder.insert(level, o.id);
      pos.levels.push([ladder, level]);
    };
    if (o.status === 0) {
      const target = scaled(o.price);
      const origin = scaled(o.originPrice);
      if (target === null || origin === null) inst.slow.set(o.id, o);
      else if (target < origin) put(inst.down, target);
      else if (target > origin) put(inst.up, target);
      else inst.always.add(o.id);
      return;
    }
    const profit = scaled(o.stopProfit);
    const loss = scaled(o.stopLoss);
    const trail = scaled(o.trailDistance);
    const trailFits = !o.trailDistance || (trail !== null && loss !== null);
    if ((o.stopProfit && profit === null) || (o.stopLoss && loss === null) || !trailFits) {
      inst.slow.set(o.id, o);
      return;
    }
    const buy = o.side === 'buy';
    if (loss !== null) put(buy ? inst.down : inst.up, loss);
    if (profit !== null) put(buy ? inst.up : inst.down, profit);
    // Trailing: the stop moves once the price is beyond it by more than the distance (one price step more).
    if (trail !== null && loss !== null) put(buy ? inst.up : inst.down, buy ? loss + trail + 1 : loss - trail - 1);
  }

  /** Each id once, in the order the orders were indexed. */
  private inBookOrder(ids: number[]): number[] {
    if (ids.length < 2) return ids;
    const seqOf = (id: number): number => this.positions.get(id)?.seq ?? 0;
    return [...new Set(ids)].sort((a, b) => seqOf(a) - seqOf(b));
  }

  private *positionsOf(u: UserExposure): Iterable<Position> {
    for (const pos of this.positions.values()) if (pos.user === u) yield pos;
  }
}

/** sign × diff × mul / div, rounded half-up: the caller checked |diff| ≤ maxDiff, so the product is a safe integer. */
function pnlOf(pos: Position, diff: number): number {
  const n = pos.sign * diff * pos.mul;
  const v = pos.div === 1 ? n : divHalfUp(n, pos.div);
  return v === 0 ? 0 : v;
}
