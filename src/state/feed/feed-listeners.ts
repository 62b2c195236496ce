// A broken listener is logged and the others still run: one broken screen must not stop the others painting.
import type { FeedBatch, KlineUpdate, LivePreview, OrderEvent } from '../../../workers/protocol.ts';
import type { PriceAlert } from '../../../domain/price-alerts.ts';
import type { AccountChange } from '../../../domain/ws-protocol.ts';

type Listener<T> = (v: T) => void;

function registry<T>(): { on(l: Listener<T>): () => void; emit(v: T): void } {
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

const klines = registry<KlineUpdate>();
const orders = registry<OrderEvent>();
const gaps = registry<undefined>();
const previews = registry<LivePreview>();
const paints = registry<FeedBatch>();
const alerts = registry<PriceAlert>();
const accounts = registry<AccountChange>();

export const onKline = (listener: (u: KlineUpdate) => void): (() => void) => klines.on(listener);
export const onOrderEvent = (listener: (e: OrderEvent) => void): (() => void) => orders.on(listener);
export const onOrderGap = (listener: () => void): (() => void) => gaps.on(() => listener());
export const onPreview = (listener: (p: LivePreview) => void): (() => void) => previews.on(listener);
/** Bench hook: called after a batch has been applied to the signals. */
export const onPaint = (listener: (batch: FeedBatch) => void): (() => void) => paints.on(listener);
export const onPriceAlert = (listener: (a: PriceAlert) => void): (() => void) => alerts.on(listener);
/** An operator's action changed the user's money or review state: the money screens re-read. */
export const onAccountChange = (listener: (kind: AccountChange) => void): (() => void) => accounts.on(listener);

// The feed's side (feed-bridge.ts only).
export const emitKline = (u: KlineUpdate): void => klines.emit(u);
export const emitPreview = (p: LivePreview): void => previews.emit(p);
export const emitPaint = (b: FeedBatch): void => paints.emit(b);
export const dispatchOrderEvent = (e: OrderEvent): void => orders.emit(e);
export const dispatchOrderGap = (): void => gaps.emit(undefined);
export const dispatchPriceAlert = (a: PriceAlert): void => alerts.emit(a);
export const dispatchAccountChange = (kind: AccountChange): void => accounts.emit(kind);
