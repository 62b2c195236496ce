// Stable signals per position that a row binds once, so a tick rewrites only its text.
import { effect, signal, type Signal } from '@preact/signals-react';
import { $account } from '../feed/feed-signals.ts';

export interface LivePosition {
  $current: Signal<string | null>;
  $pnl: Signal<string | null>;
  $netValue: Signal<string | null>;
  $riskRate: Signal<string | null>;
}

/** A closed position's entry is dropped (dropLivePosition). */
const live = new Map<number, LivePosition>();
let liveIds = new Set<number>();

/** Each figure's signal by the feed's field name. */
const FIGURES = ['current', 'pnl', 'netValue', 'riskRate'] as const;

export function livePosition(id: number): LivePosition {
  let l = live.get(id);
  if (!l) {
    const made = FIGURES.map((f) => [`$${f}`, signal<string | null>(null, { name: `live-positions.$${f}` })]);
    l = Object.fromEntries(made) as LivePosition;
    live.set(id, l);
  }
  return l;
}

/** Tests: the map must not grow with every position ever held. */
export function livePositionCount(): number {
  return live.size;
}

/** Only positions whose figures changed notify their rows. */
export function followAccount(): () => void {
  return effect(() => {
    const acc = $account.value;
    const now = new Set<number>();
    for (const p of acc?.positions ?? []) {
      now.add(p.Id);
      const l = livePosition(p.Id);
      for (const f of FIGURES) l[`$${f}`].value = p[f];
    }
    for (const id of liveIds) {
      if (now.has(id)) continue;
      const l = live.get(id);
      // Rows fall back to the order's own figures.
      if (l) for (const f of FIGURES) l[`$${f}`].value = null;
    }
    liveIds = now;
  });
}

/** The history row shows fixed figures. */
export function dropLivePosition(id: number): void {
  live.delete(id);
  liveIds.delete(id);
}

export function resetLivePositions(): void {
  live.clear();
  liveIds = new Set();
}
