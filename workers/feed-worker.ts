// The dedicated module worker's entry: one Feed on the real socket and clock, exposed through Comlink as FeedApi.
import { expose, releaseProxy, type ProxyMethods } from 'comlink';
import { Feed } from './feed/feed.ts';
import { browserDeps } from './feed/browser-deps.ts';
import type { FeedSink } from './protocol.ts';

// Each sink holds a MessageChannel: one the feed has let go is closed, or its port would leak.
const releaseSink = (sink: FeedSink & Partial<ProxyMethods>): void => sink[releaseProxy]?.();

expose(new Feed({ ...browserDeps(), releaseSink }));
