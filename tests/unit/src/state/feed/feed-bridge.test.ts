// @vitest-environment node
// The bridge: mode choice, the worker path end to end over a MessageChannel into the store's signals, the
// main-thread fallback when the worker throws, errors or never answers, idempotent start, page events → nudge.
import { afterEach, describe, expect, it } from 'vitest';
import { expose } from 'comlink';
import { effect } from '@preact/signals-react';
import {
  FeedBridge,
  feed,
  provideFeed,
  runningFeedMode,
  type BridgeDeps,
  type FeedHandle,
  type FeedMode,
} from '../../../../../src/state/feed/feed-bridge.ts';
import { feedModeFrom, wirePageEvents } from '../../../../../src/app/start/feed-root.ts';
import { $conn } from '../../../../../src/state/feed/feed-signals.ts';
import { $instruments } from '../../../../../src/state/market/instruments.ts';
import { quote } from '../../../../../src/state/market/quotes.ts';
import { Feed } from '../../../../../workers/feed/feed.ts';
import { instrument } from '../../../../fixtures/instruments.ts';
import { config, harness, type Harness } from '../../../feed-fakes.ts';
import { until } from '../../../../fixtures/until.ts';

const ports: MessagePort[] = [];
afterEach(() => {
  for (const p of ports.splice(0)) p.close();
});

/** The interest notice leaves after a microtask; any later call through the same port arrives after it. */
async function interestSent(bridge: FeedBridge): Promise<void> {
  await Promise.resolve();
  await bridge.setLang('en');
}

/** A worker that loads but never answers, and can report a load error. */
class SilentWorker extends EventTarget {
  terminated = false;
  postMessage(): void {}
  terminate(): void {
    this.terminated = true;
  }
}

function deps(
  h: Harness,
  mode: FeedMode,
  createWorker: BridgeDeps['createWorker'],
): BridgeDeps & { warned: unknown[][] } {
  const warned: unknown[][] = [];
  return {
    warned,
    mode,
    createWorker,
    loadMainFeed: async () => new Feed(h.deps),
    timers: h.deps.timers,
    startTimeoutMs: 10_000,
    onMarginCall: () => undefined,
    onSessionRejected: () => undefined,
    log: { warn: (...a) => void warned.push(a), error: (...a) => void warned.push(a) },
  };
}

/** A "worker" in this process: the feed exposed on one end of a MessageChannel, the bridge holding the other. */
function channelWorker(h: Harness): BridgeDeps['createWorker'] {
  return () => {
    const ch = new MessageChannel();
    ports.push(ch.port1, ch.port2);
    expose(new Feed(h.deps), ch.port1);
    return Object.assign(ch.port2, { terminate: () => ch.port1.close() });
  };
}

describe('feedModeFrom', () => {
  it('reads ?feed=main before or after the hash, and falls back to main without Worker', () => {
    expect(feedModeFrom('', '#/trade', true)).toBe('worker');
    expect(feedModeFrom('?feed=main', '#/', true)).toBe('main');
    expect(feedModeFrom('', '#/trade?feed=main&x=1', true)).toBe('main');
    expect(feedModeFrom('?feed=main', '#/trade?feed=worker', true)).toBe('worker');
    expect(feedModeFrom('', '#/', false)).toBe('main');
  });
});

describe('worker mode', () => {
  it('boots the worker once and carries quotes from its socket into the store signals', async () => {
    const h = harness();
    let created = 0;
    const make = channelWorker(h);
    const bridge = new FeedBridge(deps(h, 'worker', () => (created++, make())));
    await Promise.all([bridge.start(config()), bridge.start(config())]);
    expect(created).toBe(1);
    expect(bridge.mode).toBe('worker');
    const list = [instrument('B1EUR', 1), instrument('B1GBP', 2, { PricePrecision: 3 })];
    await bridge.setInstruments(list);
    expect($instruments.value).toBe(list);
    const shown = effect(() => void quote('B1GBP').$close.value); // a row on screen
    await interestSent(bridge);
    h.last().open();
    h.last().receive({ type: 'DAY_MARKET', data: [['B1GBP', '1.234', '0.5', h.time.now, 1]] });
    h.frames.run();
    await until(() => quote('B1GBP').$close.value === '1.234');
    expect(quote('B1GBP').$stale.value).toBe(false);
    expect($conn.value).toBe('live');
    shown();
    await bridge.stop();
  });

  it('holds the first batch until the page is first idle, then catches up with the newest state', async () => {
    const h = harness();
    let idle = (): void => undefined;
    let held = false; // the bridge asks for the first idle when the first batch reaches it
    const firstIdle = (): Promise<void> => {
      held = true;
      return new Promise<void>((resolve) => void (idle = resolve));
    };
    const bridge = new FeedBridge({ ...deps(h, 'worker', channelWorker(h)), firstIdle });
    await bridge.start(config());
    await bridge.setInstruments([instrument('B9EUR', 1)]);
    const shown = effect(() => void quote('B9EUR').$close.value);
    await interestSent(bridge);
    h.last().open();
    h.last().receive({ type: 'DAY_MARKET', data: [['B9EUR', '1.10000', '0', h.time.now, 1]] });
    h.frames.run();
    await until(() => held); // the batch has crossed the channel and waits for the page
    // The page is busy starting: nothing applied yet (the list's snapshot shows).
    expect(quote('B9EUR').$close.value).not.toBe('1.10000');
    h.last().receive({ type: 'DAY_MARKET', data: [['B9EUR', '1.10500', '0', h.time.now + 50, 1]] });
    h.last().receive({ type: 'DAY_MARKET', data: [['B9EUR', '1.11000', '0', h.time.now + 100, 1]] });
    h.frames.run(); // the feed holds these: one batch is in flight
    idle();
    await until(() => quote('B9EUR').$close.value === '1.10000'); // the held batch, applied once idle
    h.frames.run();
    await until(() => quote('B9EUR').$close.value === '1.11000'); // caught up: the newest, not each tick
    shown();
    await bridge.stop();
  });

  it('sends only the quotes of codes on screen, and brings a code up to date when it is shown', async () => {
    const h = harness();
    const bridge = new FeedBridge(deps(h, 'worker', channelWorker(h)));
    await bridge.start(config());
    await bridge.setInstruments([
      instrument('B3EUR', 1, { PricePrecision: 4 }),
      instrument('B3GBP', 2, { PricePrecision: 4 }),
    ]);
    const shownGbp = effect(() => void quote('B3GBP').$close.value);
    await interestSent(bridge);
    h.last().open();
    h.last().receive({
      type: 'DAY_MARKET',
      data: [
        ['B3EUR', '1.1000', '0', h.time.now, 1],
        ['B3GBP', '1.3000', '0', h.time.now, 1],
      ],
    });
    h.frames.run();
    await until(() => quote('B3GBP').$close.value === '1.3000');
    expect(quote('B3EUR').$close.value).not.toBe('1.1000'); // held in the feed (the list's snapshot shows)

    const shownEur = effect(() => void quote('B3EUR').$close.value); // scrolled into view
    await interestSent(bridge);
    expect(h.frames.pending).toBe(1); // the held quote asks for a frame of its own
    h.frames.run();
    await until(() => quote('B3EUR').$close.value === '1.1000');

    shownGbp(); // scrolled away: its next tick stays in the feed
    await interestSent(bridge);
    h.last().receive({
      type: 'DAY_MARKET',
      data: [
        ['B3GBP', '1.3100', '0', h.time.now + 1, 1],
        ['B3EUR', '1.1100', '0', h.time.now + 1, 1],
      ],
    });
    h.frames.run();
    // The same frame's batch carries the code still on screen: once it is applied, the hidden one was left out.
    await until(() => quote('B3EUR').$close.value === '1.1100');
    expect(quote('B3GBP').$close.value).toBe('1.3000');
    shownEur();
    await bridge.stop();
  });

  it('a later start passes a new token to the feed and retries a link that is not live', async () => {
    const h = harness();
    const bridge = new FeedBridge(deps(h, 'worker', channelWorker(h)));
    await bridge.start(config({ token: 'a' }));
    h.last().open();
    h.last().receive({ type: 'login', ok: true, msg: '' });
    h.frames.run();
    await until(() => $conn.value === 'live');
    await bridge.start(config({ token: 'b' }));
    expect(h.last().sent.slice(-2)).toEqual([{ type: 'logout' }, { type: 'login', token: 'b' }]);
    h.last().drop();
    h.frames.run();
    await until(() => $conn.value === 'reconnecting');
    const before = h.sockets.length;
    await bridge.start(config({ token: 'b' })); // a navigation while the link is down: try now
    expect(h.sockets.length).toBe(before + 1);
    await bridge.stop();
  });
});

describe('fallback to the main thread', () => {
  it('runs the feed here when the worker cannot be created', async () => {
    const h = harness();
    const d = deps(h, 'worker', () => {
      throw new Error('no module workers');
    });
    const bridge = new FeedBridge(d);
    await bridge.start(config());
    expect(bridge.mode).toBe('main');
    expect(d.warned.length).toBe(1);
    await bridge.setInstruments([instrument('B2EUR', 1)]);
    const shown = effect(() => void quote('B2EUR').$close.value);
    await interestSent(bridge);
    h.last().open();
    h.last().receive({ type: 'DAY_MARKET', data: [['B2EUR', '1.11111', '0', h.time.now, 1]] });
    h.frames.run();
    expect(quote('B2EUR').$close.value).toBe('1.11111');
    shown();
    await bridge.stop();
  });

  it.each([
    [
      'reports an error while starting',
      (_h: ReturnType<typeof harness>, w: SilentWorker) => void w.dispatchEvent(new Event('error')),
    ],
    ['never answers start()', (h: ReturnType<typeof harness>) => h.time.advance(10_000)],
  ])('falls back when the worker %s, and terminates it', async (_what, fail) => {
    const h = harness();
    const w = new SilentWorker();
    let created = false;
    const bridge = new FeedBridge(deps(h, 'worker', () => ((created = true), w)));
    const starting = bridge.start(config());
    await until(() => created); // Comlink is loaded first
    fail(h, w);
    await starting;
    expect(bridge.mode).toBe('main');
    expect(w.terminated).toBe(true);
    await bridge.stop();
  });

  it('a start that failed (the feed chunk did not load) is tried again by the next navigation', async () => {
    const h = harness();
    let loads = 0;
    const d = deps(h, 'main', () => new SilentWorker());
    const bridge = new FeedBridge({
      ...d,
      loadMainFeed: () => (++loads === 1 ? Promise.reject(new Error('offline')) : d.loadMainFeed()),
    });
    await expect(bridge.start(config())).rejects.toThrow('offline');
    await bridge.start(config());
    expect([loads, bridge.mode]).toEqual([2, 'main']);
    await bridge.stop();
  });

  it('?feed=main never creates a worker', async () => {
    const h = harness();
    let created = 0;
    const bridge = new FeedBridge(deps(h, 'main', () => (created++, new SilentWorker())));
    await bridge.start(config());
    expect(created).toBe(0);
    expect(bridge.mode).toBe('main');
    await bridge.stop();
  });
});

describe('the handle', () => {
  it('waits for start-up instead of failing when used early', async () => {
    const h = harness();
    h.routes.set('/v1/api/forex/abbreviated_cache_kline', () => ({ B3: [1, 2] }));
    const bridge = new FeedBridge(deps(h, 'main', () => new SilentWorker()));
    const early = bridge.sparklines();
    await bridge.start(config());
    expect(Array.from((await early).B3 ?? [])).toEqual([1, 2]);
    await bridge.stop();
  });

  it('is what feed() returns once the composition root has provided it', async () => {
    const h = harness();
    h.routes.set('/v1/api/forex/abbreviated_cache_kline', () => ({ B4: [3] }));
    const bridge = new FeedBridge(deps(h, 'main', () => new SilentWorker()));
    expect(() => feed()).toThrow(/no feed provided/);
    provideFeed(bridge, () => bridge.mode);
    await bridge.start(config());
    expect(runningFeedMode()).toBe('main');
    expect(Array.from((await feed().sparklines()).B4 ?? [])).toEqual([3]);
    await expect(feed().setLang('en')).resolves.toBeUndefined();
    await bridge.stop();
  });
});

describe('page events', () => {
  function wired(): {
    nudges: string[];
    win: EventTarget;
    doc: EventTarget & { visibilityState: DocumentVisibilityState };
  } {
    const nudges: string[] = [];
    const handle = { nudge: async (r: string) => void nudges.push(r) } as unknown as FeedHandle;
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    wirePageEvents(win, doc, handle);
    return { nudges, win, doc };
  }

  it("nudges on 'online', keeps the quotes when hidden and resumes when the page becomes visible after being hidden", async () => {
    const { nudges, win, doc } = wired();
    win.dispatchEvent(new Event('online'));
    doc.dispatchEvent(new Event('visibilitychange')); // visible → visible: nothing
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(nudges).toEqual(['online', 'hidden', 'resume']);
  });

  it('keeps the quotes when the page is left (pagehide: a reload, a navigation away)', () => {
    const { nudges, win } = wired();
    win.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: false }));
    expect(nudges).toEqual(['hidden']);
  });

  it('resumes on a back/forward cache restore (pageshow persisted) and after a freeze, not on a first pageshow', () => {
    const { nudges, win, doc } = wired();
    win.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    expect(nudges).toEqual([]);
    win.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    doc.dispatchEvent(new Event('resume'));
    expect(nudges).toEqual(['resume', 'resume']);
  });
});
