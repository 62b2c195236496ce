// FeedApi as the worker exposes it: the Feed, plus releasing the previous sink proxy when start() runs again.
import { releaseProxy, type ProxyMethods } from 'comlink';
import type { FeedApi, FeedConfig, FeedSink } from '../protocol.ts';

/** In the worker the sink is a Comlink proxy; releasing it closes its MessageChannel. */
type MaybeProxy = FeedSink & Partial<ProxyMethods>;

function release(sink: MaybeProxy | null): void {
  const fn = sink?.[releaseProxy];
  if (typeof fn === 'function') fn.call(sink);
}

export function createWorkerApi(feed: FeedApi): FeedApi {
  let sink: MaybeProxy | null = null;
  return {
    start: async (config: FeedConfig, next: FeedSink) => {
      const prev = sink;
      sink = next;
      await feed.start(config, next);
      if (prev && prev !== next) release(prev);
    },
    setToken: (token) => feed.setToken(token),
    setLang: (lang) => feed.setLang(lang),
    setInstruments: (list) => feed.setInstruments(list),
    watchMarket: (on) => feed.watchMarket(on),
    setQuoteInterest: (codes) => feed.setQuoteInterest(codes),
    watchChart: (code, period) => feed.watchChart(code, period),
    unwatchChart: () => feed.unwatchChart(),
    sparklines: () => feed.sparklines(),
    watchPreview: (seq, input) => feed.watchPreview(seq, input),
    setPositions: (orders, balance, lockBalance) => feed.setPositions(orders, balance, lockBalance),
    nudge: (reason) => feed.nudge(reason),
    stop: async () => {
      await feed.stop();
      release(sink);
      sink = null;
    },
  };
}
