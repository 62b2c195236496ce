// The writer's alerts sorted by threshold per instrument, so a tick stops at the first alert that does not hold.
import { alertHolds, changeThreshold, type AlertKind } from '../../domain/price-alerts.ts';
import type { ActiveAlert } from './alerts-repository.ts';

/** Compared with the price for kind price, the day's change % for kind change. */
export interface IndexedAlert extends ActiveAlert {
  threshold: number;
}

interface Sides {
  above: IndexedAlert[]; // ascending threshold: the lowest fires first
  below: IndexedAlert[]; // descending threshold: the highest fires first
}

type Kinds = Record<AlertKind, Sides>;

const empty = (s: Sides): boolean => s.above.length === 0 && s.below.length === 0;

/** The list is sorted, so it stops at the first that does not hold. */
function takeHolding(list: IndexedAlert[], value: number, into: IndexedAlert[]): void {
  for (let first = list[0]; first && alertHolds(first.condition, first.threshold, value); first = list[0]) {
    into.push(first);
    list.shift();
  }
}

export class AlertIndex {
  private readonly byInstrument = new Map<number, Kinds>();
  private readonly byId = new Map<number, IndexedAlert>();

  get size(): number {
    return this.byId.size;
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  add(a: ActiveAlert): void {
    this.remove(a.id);
    const n = Number(a.value);
    const alert: IndexedAlert = { ...a, threshold: a.kind === 'change' ? changeThreshold(a.condition, n) : n };
    const kinds = this.byInstrument.get(a.instrumentId) ?? {
      price: { above: [], below: [] },
      change: { above: [], below: [] },
    };
    this.byInstrument.set(a.instrumentId, kinds);
    const list = kinds[a.kind][a.condition];
    const before = (x: IndexedAlert): boolean =>
      a.condition === 'above' ? alert.threshold < x.threshold : alert.threshold > x.threshold;
    const at = list.findIndex(before);
    list.splice(at < 0 ? list.length : at, 0, alert);
    this.byId.set(a.id, alert);
  }

  remove(id: number): void {
    const alert = this.byId.get(id);
    if (!alert) return;
    this.byId.delete(id);
    const kinds = this.byInstrument.get(alert.instrumentId);
    if (!kinds) return;
    const list = kinds[alert.kind][alert.condition];
    const at = list.indexOf(alert);
    if (at >= 0) list.splice(at, 1);
    this.dropIfEmpty(alert.instrumentId, kinds);
  }

  /** Each alert is handed out once; `change()` is read only when the instrument has day-move alerts. */
  take(instrumentId: number, price: number, change: () => number | null): IndexedAlert[] {
    const kinds = this.byInstrument.get(instrumentId);
    if (!kinds) return [];
    const hit: IndexedAlert[] = [];
    takeHolding(kinds.price.above, price, hit);
    takeHolding(kinds.price.below, price, hit);
    if (!empty(kinds.change)) {
      const c = change();
      if (c !== null) {
        takeHolding(kinds.change.above, c, hit);
        takeHolding(kinds.change.below, c, hit);
      }
    }
    for (const a of hit) this.byId.delete(a.id);
    this.dropIfEmpty(instrumentId, kinds);
    return hit;
  }

  private dropIfEmpty(instrumentId: number, kinds: Kinds): void {
    if (empty(kinds.price) && empty(kinds.change)) this.byInstrument.delete(instrumentId);
  }
}
