// The frame's one FeedBatch (null fields did not change); the page's acknowledgement is the credit for the next.
import { transfer } from 'comlink';
import type { FeedBatch, FeedSink } from '../protocol.ts';
import type { FeedDeps } from './deps.ts';

export type BatchParts = Omit<FeedBatch, 'flushedAt'>;

export function sendBatch(
  sink: FeedSink,
  parts: BatchParts,
  deps: Pick<FeedDeps, 'clock' | 'log'>,
): PromiseLike<unknown> | null {
  const { quotes, stale, conn, kline, account, preview } = parts;
  if (!quotes && !stale && !conn && !kline && !account && !preview) return null;
  const batch: FeedBatch = { flushedAt: deps.clock.now(), ...parts };
  const transfers: ArrayBuffer[] = [];
  if (quotes) transfers.push(quotes.buffer as ArrayBuffer);
  if (stale) transfers.push(stale.buffer as ArrayBuffer);
  // Across the worker boundary the arrays move instead of being copied; on the main thread this is a no-op mark.
  try {
    const ack = sink.onBatch(transfer(batch, transfers));
    if (!(ack instanceof Promise)) return null;
    // A failed paint still returns the credit (FlowControl settles on either outcome); it is logged here.
    return ack.then(undefined, (err: unknown) => deps.log.error('feed: sink call failed', err));
  } catch (err) {
    deps.log.error('feed: sink call failed', err);
    return null;
  }
}

/** In worker mode sink calls are promises: a failure there is logged, never thrown here. */
export function callSink(sink: FeedSink | null, fn: (sink: FeedSink) => unknown, log: FeedDeps['log']): void {
  if (!sink) return;
  try {
    const r = fn(sink);
    if (r instanceof Promise) r.catch((err: unknown) => log.error('feed: sink call failed', err));
  } catch (err) {
    log.error('feed: sink call failed', err);
  }
}
