// Linear sums: a holding's P&L is one multiplication per tick (docs/trading.md "Efficiency and concurrency").
import { positionPnl } from '../../domain/trade-maths.ts';
import { bigScaledOf, placesNeeded, scaledOf } from '../../domain/numerics/parse.ts';
import { ACCOUNT_PLACES, MONEY_PLACES, POW10 } from '../../domain/numerics/places.ts';
import { divRoundInt } from '../../domain/numerics/round.ts';
import { price as priceOf } from '../../domain/units.ts';
import { Ladder } from './ladder.ts';
import type { EngineInstrument, OpenOrder } from './types.ts';
import { exactText } from '../../domain/decimal.ts';

export class Instrument {
  readonly id: number;
  /** null: not in the catalog, so its orders take the decimal path. */
  readonly terms: EngineInstrument | null;
  readonly places: number;
  /** Lot places of the linear sums. */
  readonly lotPlaces: number;
  readonly k: bigint | null;
  /** Scaled is null when unknown or not representable. */
  price: number | null = null;
  priceText: string | null = null;
  readonly holdings = new Set<Holding>();
  /** Levels that fire when the price falls to them (≤) and when it rises to them (≥). */
  readonly down = new Ladder();
  readonly up = new Ladder();
  readonly always = new Set<number>();
  readonly slow = new Map<number, OpenOrder>();
  /** Stop-out budgets by user id (tick-index.ts). */
  readonly outDown = new Ladder();
  readonly outUp = new Ladder();
  /** Users re-checked on every tick here: at or below the stop-out level, or holding what a budget cannot bound. */
  readonly watch = new Set<UserExposure>();

  constructor(id: number, terms: EngineInstrument | null) {
    this.id = id;
    this.terms = terms;
    this.places = terms?.pricePrecision ?? 0;
    const { lotPlaces, k } = linearTerms(terms);
    this.lotPlaces = lotPlaces;
    this.k = k;
  }
}

export class Position {
  readonly o: OpenOrder;
  readonly user: UserExposure;
  readonly inst: Instrument;
  readonly margin: bigint | null;
  /** P&L = sign × diff × mul / div (half-up), |diff| ≤ maxDiff. */
  readonly sign: number;
  open: number | null = null;
  mul = 0;
  div = 1;
  maxDiff = -1;
  /** null: loose, or pending. */
  lin: { q: bigint; e: bigint } | null = null;
  readonly seq: number; // crossed orders are acted on in indexing order
  readonly levels: Array<[Ladder, number]> = [];

  constructor(o: OpenOrder, user: UserExposure, inst: Instrument, seq: number) {
    this.o = o;
    this.user = user;
    this.inst = inst;
    this.margin = bigScaledOf(exactText(o.margin), MONEY_PLACES);
    this.sign = o.side === 'buy' ? 1 : -1;
    this.seq = seq;
  }
}

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

/** 0 without a price or terms. */
export function pnlMicro(pos: Position): bigint {
  const at = pos.inst.price;
  if (at !== null && pos.open !== null && Math.abs(at - pos.open) <= pos.maxDiff) {
    const n = pos.sign * (at - pos.open) * pos.mul;
    return BigInt(pos.div === 1 ? n : divRoundInt(n, pos.div));
  }
  const { inst, o } = pos;
  if (o.status !== 1 || !inst.terms || inst.priceText === null) return 0n;
  const f = positionPnl(inst.terms.spec, o.side, o.quantity, o.price, priceOf(inst.priceText));
  return BigInt(exactText(f.times(POW10[MONEY_PLACES] as number)));
}

export class Holding {
  netLots = 0n;
  netEntry = 0n;
  readonly positions = new Set<Position>();
  readonly loose = new Set<Position>();
  readonly user: UserExposure;
  readonly inst: Instrument;

  constructor(user: UserExposure, inst: Instrument) {
    this.user = user;
    this.inst = inst;
  }

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

  get linear(): boolean {
    return this.loose.size === 0 && this.inst.k !== null && this.inst.price !== null;
  }

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

/** BigInt so every figure is exact at any size; touched when an order, balance or budget changes, never per tick. */
export class UserExposure {
  /** Micro-USD, money()'s places. */
  margin = 0n;
  /** While any, margin is summed in decimals. */
  odd = 0;
  /** 10^-8 USD; null until known. */
  balance: bigint | null = null;
  /** `balanceExact` false beyond 8 places, then the check runs in decimals. */
  balanceText = '0';
  balanceExact = true;
  readonly orders = new Set<Position>();
  readonly holdings = new Map<number, Holding>();
  /** Both replaced at each re-evaluation. */
  readonly budget: Array<[Ladder, number]> = [];
  readonly watching: Array<Set<UserExposure>> = [];
  below = false;
  readonly userId: number;

  constructor(userId: number) {
    this.userId = userId;
  }

  setBalance(text: string): void {
    this.balanceText = text;
    const b = bigScaledOf(text, ACCOUNT_PLACES);
    this.balanceExact = b !== null;
    this.balance = b ?? 0n;
  }

  get exact(): boolean {
    return this.odd === 0 && this.balanceExact;
  }
}
