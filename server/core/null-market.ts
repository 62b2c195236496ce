// Stand-ins used until (or unless) the simulated market and the socket hub are wired: an empty market, no pushes.
import type { LiveQuote, MarketFeed } from '../market/feed.ts';
import type { UserPush } from '../services.ts';

export function nullMarket(): MarketFeed {
  return {
    latest: () => undefined,
    all: (): LiveQuote[] => [],
    quoteTuple: () => undefined,
    isOpen: () => false,
    onTick: () => () => undefined,
  };
}

export function nullPush(): UserPush {
  return { toUser: () => undefined };
}
