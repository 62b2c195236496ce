// Per-tick work in proportion to what the tick changes, not to the book (docs/trading.md "Efficiency and concurrency").
import { belowStopOut, firesAt } from './triggers.ts';
import { scaledOf } from '../../domain/numerics/parse.ts';
import { MONEY_PLACES, MONEY_TO_ACCOUNT, pow10n } from '../../domain/numerics/places.ts';
import { STOP_OUT_SCALED } from '../../domain/scaled-money.ts';
import { decOf } from '../../domain/numerics/scale.ts';
import { price as priceOf, usd, type Price, type Usd } from '../../domain/units.ts';
import { Holding, Instrument, pnlMicro, Position, scalePosition, UserExposure } from './holding.ts';
import type { EngineIndex, IndexSource, TickOutcome } from './index-types.ts';
import type { Ladder } from './ladder.ts';
import type { OpenOrder } from './types.ts';
import { exactText } from '../../domain/decimal.ts';

const EMPTY: TickOutcome = { crossed: [], atRisk: [] };

export class TickIndex implements EngineIndex {
  private readonly instruments = new Map<number, Instrument>();
  private readonly users = new Map<number, UserExposure>();
  private readonly positions = new Map<number, Position>();
  private seq = 0;
  private readonly source: IndexSource;

  constructor(source: IndexSource) {
    this.source = source;
  }

  added(o: OpenOrder): void {
    this.unindex(o);
    const inst = this.instrumentState(o.instrumentId);
    this.syncPrice(inst);
    const user = this.userState(o.userId);
    const pos = new Position(o, user, inst, ++this.seq);
    this.positions.set(o.id, pos);
    user.orders.add(pos);
    if (pos.margin === null) user.odd++;
    else user.margin += pos.margin;
    if (o.status === 1) {
      scalePosition(pos);
      this.holdingOf(pos).add(pos);
    }
    this.placeLevels(pos);
    this.evaluate(user);
  }

  removed(o: OpenOrder): void {
    const user = this.unindex(o);
    if (!user) return;
    this.evaluate(user);
    if (user.orders.size === 0 && user.balance === null) this.users.delete(user.userId);
  }

  /** Answers its owner to evaluate again; null when it was not indexed. */
  private unindex(o: OpenOrder): UserExposure | null {
    const pos = this.positions.get(o.id);
    if (!pos) return null;
    this.positions.delete(o.id);
    const { inst, user } = pos;
    for (const [ladder, level] of pos.levels) ladder.remove(level, o.id);
    inst.always.delete(o.id);
    inst.slow.delete(o.id);
    const h = user.holdings.get(inst.id);
    if (h && h.inst === inst) {
      h.remove(pos);
      if (h.positions.size === 0) {
        user.holdings.delete(inst.id);
        inst.holdings.delete(h);
      }
    }
    user.orders.delete(pos);
    if (pos.margin === null) user.odd--;
    else user.margin -= pos.margin;
    return user;
  }

  reindex(instrumentId: number, orders: readonly OpenOrder[]): void {
    for (const o of orders) this.removed(o);
    this.instruments.delete(instrumentId);
    for (const o of orders) this.added(o);
  }

  setBalance(userId: number, balance: string): void {
    const u = this.userState(userId);
    const before = u.balance;
    u.setBalance(balance);
    // A balance that did not fall leaves the budgets valid (the slack only grew), unless at the level or had none.
    if (before !== null && u.balance !== null && u.balance >= before && u.exact && !u.below) return;
    this.evaluate(u);
  }

  tick(instrumentId: number, text: string): TickOutcome {
    const inst = this.instruments.get(instrumentId);
    if (!inst) return EMPTY;
    this.setPrice(inst, text);
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
      // A price with more places than PricePrecision breaks the market's contract: the decimal rules judge every order.
      const p = priceOf(text);
      for (const pos of this.positions.values()) if (pos.inst === inst && firesAt(pos.o, p)) crossed.push(pos.o.id);
    }
    return { crossed: this.inBookOrder(crossed), atRisk: this.priceMoved(inst) };
  }

  marginOf(userId: number): Usd {
    const u = this.users.get(userId);
    if (!u) return usd(0);
    if (u.odd === 0) return usd(decOf(u.margin, MONEY_PLACES));
    let total = usd(0);
    for (const pos of u.orders) total = usd(total.plus(pos.o.margin));
    return total;
  }

  floatingOf(userId: number): Usd {
    const u = this.users.get(userId);
    return usd(u ? decOf(floatingMicro(u), MONEY_PLACES) : 0);
  }

  floatingOfOrder(orderId: number): Usd | null {
    const pos = this.positions.get(orderId);
    if (!pos || pos.o.status !== 1 || pos.inst.priceText === null || !pos.inst.terms) return null;
    return usd(decOf(pnlMicro(pos), MONEY_PLACES));
  }

  belowStopOut(userId: number): boolean {
    const u = this.users.get(userId);
    return u ? this.below(u, floatingMicro(u)) : false;
  }

  equityScaled(userId: number): bigint | null {
    const u = this.users.get(userId);
    if (!u || u.balance === null || !u.exact || u.margin === 0n) return null;
    return u.balance + (u.margin + floatingMicro(u)) * MONEY_TO_ACCOUNT;
  }

  /** null when they hold nothing there. */
  exposureOf(userId: number, instrumentId: number): { netLots: string; floating: Usd } | null {
    const h = this.users.get(userId)?.holdings.get(instrumentId);
    if (!h) return null;
    let lots = decOf(h.netLots, h.inst.lotPlaces);
    for (const pos of h.loose) lots = pos.sign > 0 ? lots.plus(pos.o.quantity) : lots.minus(pos.o.quantity);
    return { netLots: exactText(lots), floating: usd(decOf(h.floating(), MONEY_PLACES)) };
  }

  private below(u: UserExposure, floating: bigint): boolean {
    if (u.balance === null) return false;
    if (!u.exact) return belowStopOut(usd(u.balanceText), this.marginOf(u.userId), usd(decOf(floating, MONEY_PLACES)));
    return u.margin > 0n && slackOf(u.balance, u.margin, floating) <= 0n;
  }

  /** Only the users whose budget the move spent, or whom it watches, are evaluated again. */
  private priceMoved(inst: Instrument): number[] {
    const touched = new Set<UserExposure>(inst.watch.size > 0 ? inst.watch : undefined);
    const at = inst.price;
    if (at === null) for (const h of inst.holdings) touched.add(h.user);
    else {
      const ids: number[] = [];
      inst.outDown.atOrAbove(at, ids);
      inst.outUp.atOrBelow(at, ids);
      for (const id of ids) {
        const u = this.users.get(id);
        if (u) touched.add(u);
      }
    }
    const atRisk: number[] = [];
    for (const u of touched) if (this.evaluate(u)) atRisk.push(u.userId);
    return atRisk;
  }

  /** A holding a budget cannot bound is watched on every tick instead. */
  private evaluate(u: UserExposure): boolean {
    u.below = this.reevaluate(u);
    return u.below;
  }

  private reevaluate(u: UserExposure): boolean {
    for (const [ladder, level] of u.budget) ladder.remove(level, u.userId);
    u.budget.length = 0;
    for (const w of u.watching) w.delete(u);
    u.watching.length = 0;
    const watch = (inst: Instrument): void => {
      inst.watch.add(u);
      u.watching.push(inst.watch);
    };
    // Without a balance or a margin there is no risk rate: only a change of those (which evaluates again) can move it.
    if (u.balance === null || (u.margin <= 0n && u.odd === 0)) return false;
    const floating = floatingMicro(u);
    const below = this.below(u, floating);
    const linear: Holding[] = [];
    for (const h of u.holdings.values()) {
      if (below || !u.exact || !h.linear) watch(h.inst);
      else if (h.netLots !== 0n) linear.push(h);
    }
    if (below || linear.length === 0 || u.balance === null) return below;
    const slack = slackOf(u.balance, u.margin, floating);
    const levels = budgetLevels(
      slack,
      linear.map((h) => ({ price: h.inst.price as number, netLots: h.netLots, k: h.inst.k as bigint })),
    );
    levels.forEach((l, i) => {
      const inst = (linear[i] as Holding).inst;
      if (!l) return;
      const ladder = l.side === 'down' ? inst.outDown : inst.outUp;
      ladder.insert(l.level, u.userId);
      u.budget.push([ladder, l.level]);
    });
    return false;
  }

  private userState(userId: number): UserExposure {
    let u = this.users.get(userId);
    if (!u) this.users.set(userId, (u = new UserExposure(userId)));
    return u;
  }

  private instrumentState(id: number): Instrument {
    let inst = this.instruments.get(id);
    if (!inst) this.instruments.set(id, (inst = new Instrument(id, this.source.instrument(id) ?? null)));
    return inst;
  }

  private holdingOf(pos: Position): Holding {
    let h = pos.user.holdings.get(pos.inst.id);
    if (!h || h.inst !== pos.inst) {
      h = new Holding(pos.user, pos.inst);
      pos.user.holdings.set(pos.inst.id, h);
      pos.inst.holdings.add(h);
    }
    return h;
  }

  /** The market may have moved before the index started: catch up before indexing. */
  private syncPrice(inst: Instrument): void {
    const latest = inst.terms ? this.source.latestPrice(inst.terms) : null;
    if (latest === null || latest === inst.priceText) return;
    this.setPrice(inst, latest);
    this.priceMoved(inst);
  }

  private setPrice(inst: Instrument, text: string): void {
    inst.priceText = text;
    inst.price = inst.terms ? scaledOf(text, inst.places) : null;
  }

  /** Levels that do not fit scaled integers go to the slow set. */
  private placeLevels(pos: Position): void {
    const { o, inst } = pos;
    const scaled = (p: Price | null): number | null => (p && inst.terms ? scaledOf(exactText(p), inst.places) : null);
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
    // The trailing stop moves once the price is beyond it by more than the distance (one price step more).
    if (trail !== null && loss !== null) put(buy ? inst.up : inst.down, buy ? loss + trail + 1 : loss - trail - 1);
  }

  private inBookOrder(ids: number[]): number[] {
    if (ids.length < 2) return ids;
    const seqOf = (id: number): number => this.positions.get(id)?.seq ?? 0;
    return [...new Set(ids)].sort((a, b) => seqOf(a) - seqOf(b));
  }
}

function floatingMicro(u: UserExposure): bigint {
  let total = 0n;
  for (const h of u.holdings.values()) total += h.floating();
  return total;
}

// Stop-out budgets: no visit to every holder on every tick (docs/trading.md "Efficiency and concurrency").
// The stop-out line in the tick index's exact BigInt units; the user's figures are UserExposure (holding.ts).
const LEVEL = { num: STOP_OUT_SCALED.units, den: pow10n(STOP_OUT_SCALED.places) };

/** Slack units per micro-USD of equity: the unit `slackOf` counts in. */
const SLACK_PER_MICRO = MONEY_TO_ACCOUNT * LEVEL.den;

/** (balance + margin + floating) × den − margin × num: at or below zero the risk rate is at or below the level. */
function slackOf(balance: bigint, margin: bigint, floating: bigint): bigint {
  return (balance + (margin + floating) * MONEY_TO_ACCOUNT) * LEVEL.den - margin * MONEY_TO_ACCOUNT * LEVEL.num;
}

interface BudgetInput {
  /** Net lots are signed, in lot steps; k is micro-USD per price step per lot step. */
  price: number;
  netLots: bigint;
  k: bigint;
}

interface BudgetLevel {
  /** 'down' is reached at or below it (a net buyer loses), 'up' at or above. */
  side: 'down' | 'up';
  level: number;
}

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** With share_i < g_i × d_i, no level reached means a loss below Σ share_i ≤ slack; unreachable levels left out. */
function budgetLevels(slack: bigint, holdings: readonly BudgetInput[]): Array<BudgetLevel | null> {
  if (holdings.length === 0) return [];
  const share = slack / BigInt(holdings.length);
  return holdings.map(({ price, netLots, k }) => {
    const lots = netLots < 0n ? -netLots : netLots;
    const g = lots * k * SLACK_PER_MICRO; // slack lost per price step against the holding
    const steps = (share + g - 1n) / g; // ceil: fewer adverse steps than this lose less than the share
    if (netLots > 0n) {
      const level = BigInt(price) - steps;
      return level >= -MAX ? { side: 'down', level: Number(level) } : null;
    }
    const level = BigInt(price) + steps;
    return level <= MAX ? { side: 'up', level: Number(level) } : null;
  });
}
