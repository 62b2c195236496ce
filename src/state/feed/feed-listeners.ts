// A broken listener is logged and the others still run: one broken screen must not stop the others painting.
// Each registry's `on` is for screens, its `emit`/`dispatch` for the feed's side (feed-bridge.ts) only.
import type { FeedBatch, KlineUpdate, LivePreview, OrderEvent } from '../../../workers/protocol.ts';
import type { PriceAlert } from '../../../domain/price-alerts.ts';
import type { AccountChange } from '../../../domain/ws-protocol.ts';

type Listener<T> = (v: T) => void;

function registry<T>(): { on: (l: Listener<T>) => () => void; emit: (v: T) => void } {
  const set = new Set<Listener<T>>();
  return {
    on(l) {
      set.add(l);
      return () => void set.delete(l);
    },
    emit(v) {
      for (const l of set) {
        try {
          l(v);
        } catch (err) {
          console.error('state: listener failed', err);
        }
      }
    },
  };
}

export const { on: onKline, emit: emitKline } = registry<KlineUpdate>();
export const { on: onOrderEvent, emit: dispatchOrderEvent } = registry<OrderEvent>();
export const { on: onPreview, emit: emitPreview } = registry<LivePreview>();
/** Bench hook: called after a batch has been applied to the signals. */
export const { on: onPaint, emit: emitPaint } = registry<FeedBatch>();
export const { on: onPriceAlert, emit: dispatchPriceAlert } = registry<PriceAlert>();
/** An operator's action changed the user's money or review state: the money screens re-read. */
export const { on: onAccountChange, emit: dispatchAccountChange } = registry<AccountChange>();

const gaps = registry<undefined>();
export const onOrderGap = (listener: () => void): (() => void) => gaps.on(() => listener());
export const dispatchOrderGap = (): void => gaps.emit(undefined);
