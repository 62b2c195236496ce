// FeedApi as the worker exposes it: the Feed itself, except that start() and stop() also release the previous sink
// proxy. Every other method is forwarded by name (a Proxy), so the FeedApi method list lives only in protocol.ts.
import { releaseProxy, type ProxyMethods } from 'comlink';
import type { FeedApi, FeedConfig, FeedSink } from '../protocol.ts';
import { forwardNow } from '../../domain/forwarding.ts';

/** In the worker the sink is a Comlink proxy; releasing it closes its MessageChannel. */
type MaybeProxy = FeedSink & Partial<ProxyMethods>;

function release(sink: MaybeProxy | null): void {
  const fn = sink?.[releaseProxy];
  if (typeof fn === 'function') fn.call(sink);
}

export function createWorkerApi(feed: FeedApi): FeedApi {
  let sink: MaybeProxy | null = null;
  const own: Pick<FeedApi, 'start' | 'stop'> = {
    start: async (config: FeedConfig, next: FeedSink) => {
      const prev = sink;
      sink = next;
      await feed.start(config, next);
      if (prev && prev !== next) release(prev);
    },
    stop: async () => {
      await feed.stop();
      release(sink);
      sink = null;
    },
  };
  // Called on the Feed itself, so Comlink's `method.apply(parent, args)` runs it on the Feed, not on this Proxy.
  return forwardNow<FeedApi>(feed, { label: 'FeedApi', own });
}
