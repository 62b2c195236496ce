// The dedicated module worker's entry: one Feed on the real socket and clock, exposed through Comlink as FeedApi.
import { expose, releaseProxy, type ProxyMethods } from 'comlink';
import { Feed } from './feed/feed.ts';
import { browserDeps } from './feed/browser-deps.ts';
import type { FeedSink } from './protocol.ts';

// The page's sink arrives as a Comlink proxy holding a MessageChannel; a sink the feed has let go is closed.
const releaseSink = (sink: FeedSink & Partial<ProxyMethods>): void => sink[releaseProxy]?.();

expose(new Feed({ ...browserDeps(), releaseSink }));
