// Which chart the feed streams in each slot. The feed streams one chart per slot: remember which mounted chart asked
// last for each, so a chart that unmounts does not stop the stream another (e.g. a kept-alive desk) is showing.
import { feed } from '../state/feed/feed-bridge.ts';
import type { Period } from '../../domain/types.ts';

const lastWatcher = new Map<number, object>();

/** `me` asks the feed for this instrument and period's klines in `slot`. */
export function watchChart(me: object, slot: number, code: string, period: Period): void {
  lastWatcher.set(slot, me);
  feed()
    .watchChart(code, period, slot)
    .catch((err: unknown) => console.warn('watchChart failed', err));
}

/** Whether `me` was the last chart to ask for `slot` (a chart shown again that was not asks again). */
export function watchesSlot(me: object, slot: number): boolean {
  return lastWatcher.get(slot) === me;
}

/** `me` unmounts: its slot's stream stops, unless another chart asked for the slot since. */
export function unwatchChart(me: object, slot: number): void {
  if (lastWatcher.get(slot) !== me) return;
  lastWatcher.delete(slot);
  feed()
    .unwatchChart(slot)
    .catch(() => undefined);
}
