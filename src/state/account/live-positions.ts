// The feed's live figures per holding position (AccountUpdate, keyed by order id): stable signals a row binds once,
// so a tick rewrites only its text. followAccount() is started by the app (src/app/start/start.ts), not at import.
import { batch, effect, signal, type Signal } from '@preact/signals-react';
import type { AccountUpdate } from '../../../workers/protocol.ts';
import { $account } from '../feed/feed-signals.ts';

export interface LivePosition {
  $current: Signal<string | null>;
  $pnl: Signal<string | null>;
  $netValue: Signal<string | null>;
  $riskRate: Signal<string | null>;
}

/** One entry per position held since the last reset; a closed position's entry is dropped (dropLivePosition). */
const live = new Map<number, LivePosition>();
let liveIds = new Set<number>();

/** Stable signals per order id, created on demand. */
export function livePosition(id: number): LivePosition {
  let l = live.get(id);
  if (!l) {
    l = {
      $current: signal(null, { name: 'live-positions.$current' }),
      $pnl: signal(null, { name: 'live-positions.$pnl' }),
      $netValue: signal(null, { name: 'live-positions.$netValue' }),
      $riskRate: signal(null, { name: 'live-positions.$riskRate' }),
    };
    live.set(id, l);
  }
  return l;
}

/** How many positions have signals (tests: the map must not grow with every position ever held). */
export function livePositionCount(): number {
  return live.size;
}

/** One pass per account update (at most one per frame): only positions whose figures changed notify their rows. */
export function applyAccount(acc: AccountUpdate | null): void {
  batch(() => {
    const now = new Set<number>();
    for (const p of acc?.positions ?? []) {
      now.add(p.Id);
      const l = livePosition(p.Id);
      l.$current.value = p.current;
      l.$pnl.value = p.pnl;
      l.$netValue.value = p.netValue;
      l.$riskRate.value = p.riskRate;
    }
    for (const id of liveIds) {
      if (now.has(id)) continue;
      const l = live.get(id);
      if (!l) continue;
      l.$current.value = null; // the feed no longer holds it: rows fall back to the order's own figures
      l.$pnl.value = null;
      l.$netValue.value = null;
      l.$riskRate.value = null;
    }
    liveIds = now;
  });
}

/** Follows $account until the returned stop is called. */
export function followAccount(): () => void {
  return effect(() => applyAccount($account.value));
}

/** A position that closed: its row is gone (the history row shows fixed figures), so are its signals. */
export function dropLivePosition(id: number): void {
  live.delete(id);
  liveIds.delete(id);
}

/** Another account: nothing of the previous one's positions is kept. */
export function resetLivePositions(): void {
  live.clear();
  liveIds = new Set();
}
