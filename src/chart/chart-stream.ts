// One stream per slot: a chart that unmounts must not stop the stream another (a kept-alive desk) is showing.
import { feed } from '../state/feed/feed-bridge.ts';
import type { Period } from '../../domain/types.ts';

const lastWatcher = new Map<number, object>();

export function watchChart(me: object, slot: number, code: string, period: Period): void {
  lastWatcher.set(slot, me);
  feed()
    .watchChart(code, period, slot)
    .catch((err: unknown) => console.warn('watchChart failed', err));
}

/** A chart shown again that was not asks again. */
export function watchesSlot(me: object, slot: number): boolean {
  return lastWatcher.get(slot) === me;
}

/** Unless another chart asked for the slot since. */
export function unwatchChart(me: object, slot: number): void {
  if (lastWatcher.get(slot) !== me) return;
  lastWatcher.delete(slot);
  feed()
    .unwatchChart(slot)
    .catch(() => undefined);
}
