// The market writer's in-memory index of active alerts, by instrument: per instrument the "above" thresholds in
// ascending order and the "below" ones in descending order, so a tick looks at the head of each and stops at the first
// that does not hold. A tick that fires nothing costs two comparisons; no query per tick.
import { alertHolds, type AlertCondition } from '../../src/domain/price-alerts.ts';

export interface IndexedAlert {
  id: number;
  userId: number;
  instrumentId: number;
  condition: AlertCondition;
  /** The threshold as the database holds it (decimal text) and as compared (number; see alertHolds). */
  price: string;
  threshold: number;
}

interface Sides {
  above: IndexedAlert[]; // ascending threshold: the lowest fires first
  below: IndexedAlert[]; // descending threshold: the highest fires first
}

export class AlertIndex {
  private readonly byInstrument = new Map<number, Sides>();
  private readonly byId = new Map<number, IndexedAlert>();

  get size(): number {
    return this.byId.size;
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  add(a: Omit<IndexedAlert, 'threshold'>): void {
    this.remove(a.id);
    const alert: IndexedAlert = { ...a, threshold: Number(a.price) };
    let sides = this.byInstrument.get(a.instrumentId);
    if (!sides) this.byInstrument.set(a.instrumentId, (sides = { above: [], below: [] }));
    const list = sides[a.condition];
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
    const sides = this.byInstrument.get(alert.instrumentId);
    if (!sides) return;
    const list = sides[alert.condition];
    const at = list.indexOf(alert);
    if (at >= 0) list.splice(at, 1);
    if (sides.above.length === 0 && sides.below.length === 0) this.byInstrument.delete(alert.instrumentId);
  }

  /** The alerts a price makes hold, taken out of the index (each is handed out once). */
  take(instrumentId: number, price: number): IndexedAlert[] {
    const sides = this.byInstrument.get(instrumentId);
    if (!sides) return [];
    const hit: IndexedAlert[] = [];
    for (const list of [sides.above, sides.below]) {
      while (list.length > 0 && alertHolds((list[0] as IndexedAlert).condition, (list[0] as IndexedAlert).threshold, price)) {
        hit.push(list.shift() as IndexedAlert);
      }
    }
    for (const a of hit) this.byId.delete(a.id);
    if (sides.above.length === 0 && sides.below.length === 0) this.byInstrument.delete(instrumentId);
    return hit;
  }
}
