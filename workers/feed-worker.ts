// The dedicated module worker's entry: one Feed on the real socket and clock, exposed through Comlink as FeedApi.
import { expose } from 'comlink';
import { Feed } from './feed/feed.ts';
import { browserDeps } from './feed/browser-deps.ts';
import { createWorkerApi } from './feed/worker-api.ts';

expose(createWorkerApi(new Feed(browserDeps())));
