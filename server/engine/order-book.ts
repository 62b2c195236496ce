// So a tick looks only at its own instrument's orders; the observer (tick index) sees every change, so it never drifts.
import { dec } from '../../domain/decimal.ts';
import { lots, price, usd } from '../../domain/units.ts';
import type { OpenOrder, OrderRow } from './types.ts';
import { sideOf } from '../../domain/trade-maths.ts';

export function openOrderOf(row: OrderRow): OpenOrder | null {
  if (row.status !== 0 && row.status !== 1) return null;
  const stop = (v: string) => (dec(v).isZero() ? null : price(v));
  return {
    id: row.id,
    userId: row.userId,
    instrumentId: row.instrumentId,
    side: sideOf(row.orderType),
    status: row.status,
    quantity: lots(row.quantity),
    price: price(row.price),
    originPrice: price(row.originPrice),
    margin: usd(row.margin),
    stopProfit: stop(row.targetProfitPrice),
    stopLoss: stop(row.targetLossPrice),
    trailDistance: row.status === 1 ? stop(row.trailDistance) : null,
  };
}

export interface BookObserver {
  added(o: OpenOrder): void;
  removed(o: OpenOrder): void;
}

export class OrderBook {
  private readonly observer: BookObserver | null;
  constructor(observer: BookObserver | null = null) {
    this.observer = observer;
  }

  private readonly byId = new Map<number, OpenOrder>();
  private readonly byInstrument = new Map<number, Map<number, OpenOrder>>();
  private readonly byUser = new Map<number, Map<number, OpenOrder>>();

  get size(): number {
    return this.byId.size;
  }

  get(id: number): OpenOrder | undefined {
    return this.byId.get(id);
  }

  apply(row: OrderRow): void {
    const open = openOrderOf(row);
    if (open) this.put(open);
    else this.remove(row.id);
  }

  put(o: OpenOrder): void {
    this.remove(o.id);
    this.byId.set(o.id, o);
    bucket(this.byInstrument, o.instrumentId).set(o.id, o);
    bucket(this.byUser, o.userId).set(o.id, o);
    this.observer?.added(o);
  }

  remove(id: number): void {
    const o = this.byId.get(id);
    if (!o) return;
    this.byId.delete(id);
    drop(this.byInstrument, o.instrumentId, id);
    drop(this.byUser, o.userId, id);
    this.observer?.removed(o);
  }

  /** A snapshot: safe to change the book while iterating it. */
  forInstrument(instrumentId: number): OpenOrder[] {
    const b = this.byInstrument.get(instrumentId);
    return b ? [...b.values()] : [];
  }

  forUser(userId: number): OpenOrder[] {
    const b = this.byUser.get(userId);
    return b ? [...b.values()] : [];
  }

  users(): number[] {
    return [...this.byUser.keys()];
  }
}

function bucket<K>(m: Map<K, Map<number, OpenOrder>>, k: K): Map<number, OpenOrder> {
  let b = m.get(k);
  if (!b) m.set(k, (b = new Map<number, OpenOrder>()));
  return b;
}

function drop<K>(m: Map<K, Map<number, OpenOrder>>, k: K, id: number): void {
  const b = m.get(k);
  if (!b) return;
  b.delete(id);
  if (b.size === 0) m.delete(k);
}
