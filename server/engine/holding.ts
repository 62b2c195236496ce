// One user's positions on one instrument as a single linear sum: net lots N = Σ sign × q and E = Σ sign × q × open
// (q in the instrument's lot step, open in its price step, BigInt), so their floating P&L at a price p is
// (p × N − E) × k micro-USD — one multiplication however many positions, and the same as summing each position's
// money()-rounded P&L, because k (micro-USD per price step per lot step) is a whole number. A position that does not
// fit that scale (a quantity finer than the lot step, an instrument whose k is fractional) stays "loose" and is priced
// on its own, exactly as money() rounds it. A user's holdings, margin and balance together are their UserExposure
// (below), kept by the tick index for the stop-out check (exposure.ts: the line itself).
import { positionPnl } from '../../domain/trade-maths.ts';
import { bigScaledOf, placesNeeded, scaledOf } from '../../domain/numerics/parse.ts';
import { ACCOUNT_PLACES, MONEY_PLACES, POW10 } from '../../domain/numerics/places.ts';
import { divRoundInt } from '../../domain/numerics/round.ts';
import { price as priceOf, type Usd } from '../../domain/units.ts';
import type { Ladder } from './ladder.ts';
import type { EngineInstrument, OpenOrder } from './types.ts';
import { exactText } from '../../domain/decimal.ts';

export interface Instrument {
  id: number;
  /** null: terms unknown (not in the catalog): its orders take the decimal path. */
  terms: EngineInstrument | null;
  places: number;
  /** Lot places of the linear sums, and micro-USD per price step per lot step (null: not whole, every position loose). */
  lotPlaces: number;
  k: bigint | null;
  /** Latest price, scaled (null when unknown or not representable) and as text. */
  price: number | null;
  priceText: string | null;
  /** Holdings with at least one position here. */
  holdings: Set<Holding>;
  /** Levels that fire when the price falls to them (≤) and when it rises to them (≥). */
  down: Ladder;
  up: Ladder;
  /** Pending orders whose target equals their submit price: reached on any tick. */
  always: Set<number>;
  /** Orders whose levels do not fit scaled integers: judged with the decimal rules on every tick. */
  slow: Map<number, OpenOrder>;
  /** Stop-out budgets by user id (stop-out-budget.ts): the price at which a user's share of slack here is spent. */
  outDown: Ladder;
  outUp: Ladder;
  /** Users re-checked on every tick here: at or below the stop-out level, or holding what a budget cannot bound. */
  watch: Set<UserExposure>;
}

export interface Position {
  o: OpenOrder;
  user: UserExposure;
  inst: Instrument;
  /** Margin in micro-USD; null when it is not whole micro-USD. */
  margin: bigint | null;
  /** Holding only: side sign, open price scaled, and P&L = sign × diff × mul / div (half-up), |diff| ≤ maxDiff. */
  sign: number;
  open: number | null;
  mul: number;
  div: number;
  maxDiff: number;
  /** Its terms in the holding's linear sums (signed); null: loose, or pending. */
  lin: { q: bigint; e: bigint } | null;
  seq: number; // indexing order: crossed orders are acted on in it, as the book's scan did
  levels: Array<[Ladder, number]>;
}

/** An instrument's scale for the linear sums: lot places from its lot step and minimum, and k when whole. */
export function linearTerms(terms: EngineInstrument | null): { lotPlaces: number; k: bigint | null } {
  if (!terms) return { lotPlaces: 0, k: null };
  const lotPlaces = Math.max(placesNeeded(terms.pip), placesNeeded(terms.minLots));
  const cText = terms.spec.ForexContNum;
  const cp = placesNeeded(cText);
  const c = bigScaledOf(cText, cp);
  const shift = terms.pricePrecision + lotPlaces + cp - MONEY_PLACES; // P&L = diff × q × c / 10^(…), to 10^-6
  if (c === null || c <= 0n) return { lotPlaces, k: null };
  if (shift <= 0) return { lotPlaces, k: c * 10n ** BigInt(-shift) };
  const d = 10n ** BigInt(shift);
  return { lotPlaces, k: c % d === 0n ? c / d : null };
}

/** A holding position's terms, scaled once: its own P&L terms (for its figure alone) and its share of the sums. */
export function scalePosition(pos: Position): void {
  const { o, inst } = pos;
  if (!inst.terms) return;
  const qText = exactText(o.quantity);
  const cText = inst.terms.spec.ForexContNum;
  const qp = placesNeeded(qText);
  const cp = placesNeeded(cText);
  const q = scaledOf(qText, qp);
  const c = scaledOf(cText, cp);
  const shift = inst.places + qp + cp - MONEY_PLACES;
  const up = shift < 0 ? POW10[-shift] : 1;
  const div = shift > 0 ? POW10[shift] : 1;
  const open = scaledOf(exactText(o.price), inst.places);
  if (q !== null && c !== null && up !== undefined && div !== undefined && open !== null) {
    const mul = q * c * up;
    if (Number.isSafeInteger(mul) && mul > 0) {
      pos.open = open;
      pos.mul = mul;
      pos.div = div;
      pos.maxDiff = Math.floor(Number.MAX_SAFE_INTEGER / mul);
    }
  }
  const lq = bigScaledOf(qText, inst.lotPlaces);
  const lo = bigScaledOf(exactText(o.price), inst.places);
  if (inst.k !== null && lq !== null && lo !== null) {
    const sq = BigInt(pos.sign) * lq;
    pos.lin = { q: sq, e: sq * lo };
  }
}

/** A holding position's floating P&L at its instrument's latest price, in micro-USD (0 without a price or terms). */
export function pnlMicro(pos: Position): bigint {
  const at = pos.inst.price;
  if (at !== null && pos.open !== null && Math.abs(at - pos.open) <= pos.maxDiff) {
    const n = pos.sign * (at - pos.open) * pos.mul;
    return BigInt(pos.div === 1 ? n : divRoundInt(n, pos.div));
  }
  const f = decimalPnl(pos);
  return f ? BigInt(exactText(f.times(POW10[MONEY_PLACES] as number))) : 0n;
}

export function decimalPnl(pos: Position): Usd | null {
  const { inst, o } = pos;
  if (o.status !== 1 || !inst.terms || inst.priceText === null) return null;
  return positionPnl(inst.terms.spec, o.side, o.quantity, o.price, priceOf(inst.priceText));
}

export class Holding {
  /** Σ sign × q and Σ sign × q × open of the positions in the sums. */
  netLots = 0n;
  netEntry = 0n;
  readonly positions = new Set<Position>();
  /** Positions priced one by one (see the top of this file). */
  readonly loose = new Set<Position>();

  constructor(
    readonly user: UserExposure,
    readonly inst: Instrument,
  ) {}

  add(pos: Position): void {
    this.positions.add(pos);
    if (!pos.lin) this.loose.add(pos);
    else {
      this.netLots += pos.lin.q;
      this.netEntry += pos.lin.e;
    }
  }

  remove(pos: Position): void {
    if (!this.positions.delete(pos)) return;
    if (!pos.lin) this.loose.delete(pos);
    else {
      this.netLots -= pos.lin.q;
      this.netEntry -= pos.lin.e;
    }
  }

  /** A budget can bound this holding's loss: the sums hold every position and the price is a scaled integer. */
  get linear(): boolean {
    return this.loose.size === 0 && this.inst.k !== null && this.inst.price !== null;
  }

  /** Floating P&L of every position here at the latest price, micro-USD. */
  floating(): bigint {
    const { price, k } = this.inst;
    if (price === null || k === null) {
      let total = 0n;
      for (const pos of this.positions) total += pnlMicro(pos);
      return total;
    }
    let total = (BigInt(price) * this.netLots - this.netEntry) * k;
    for (const pos of this.loose) total += pnlMicro(pos);
    return total;
  }
}

/** One user's figures for the stop-out check: the margin of their open orders in micro-USD (10^-6, money()'s places),
 * the cached available balance in 10^-8, and one holding per instrument. BigInt, so every figure is exact at any
 * size; touched when an order, a balance or a stop-out budget changes, never per position on a tick. */
export class UserExposure {
  /** Margin of open orders (pending and holding), micro-USD. */
  margin = 0n;
  /** Margins that are not whole micro-USD (never from the ledger): while any, margin is summed in decimals. */
  odd = 0;
  /** Cached available balance in 10^-8 USD; null until known. */
  balance: bigint | null = null;
  /** Exact balance text; `balanceExact` false when it has more than 8 places (then the check runs in decimals). */
  balanceText = '0';
  balanceExact = true;
  /** Open orders (pending and holding). */
  readonly orders = new Set<Position>();
  /** Holding positions by instrument id. */
  readonly holdings = new Map<number, Holding>();
  /** This user's stop-out budget levels on instruments' ladders, and the instruments that re-check them on every
   * tick (holding.ts `watch`): both replaced at each re-evaluation. */
  readonly budget: Array<[Ladder, number]> = [];
  readonly watching: Array<Set<UserExposure>> = [];
  /** At or below the stop-out level when last evaluated. */
  below = false;

  constructor(readonly userId: number) {}

  setBalance(text: string): void {
    this.balanceText = text;
    const b = bigScaledOf(text, ACCOUNT_PLACES);
    this.balanceExact = b !== null;
    this.balance = b ?? 0n;
  }

  /** The integers answer exactly (no odd margin, a balance of at most 8 places). */
  get exact(): boolean {
    return this.odd === 0 && this.balanceExact;
  }
}
