// public/sw-push.js run as the service worker runs it, with the worker's globals faked: what a push shows and where a
// tap on its notification leads (docs/alerts.md "Delivery"). The real push path is in e2e/watchlist-statement.test.ts.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import script from '../../../public/sw-push.js?raw';

const ORIGIN = 'https://app.example';

interface FakeWindow {
  url: string;
  focused: boolean;
  focus: () => Promise<FakeWindow>;
  navigate: (url: string) => Promise<FakeWindow>;
}

function worker(windows: FakeWindow[]) {
  const listeners = new Map<string, (e: unknown) => void>();
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const opened: string[] = [];
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, fn: (e: unknown) => void) => listeners.set(type, fn),
    registration: {
      showNotification: (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
  };
  const clients = {
    matchAll: () => Promise.resolve(windows),
    openWindow: (url: string) => {
      opened.push(url);
      return Promise.resolve(null);
    },
  };
  runInNewContext(script, { self, clients, URL });
  /** Dispatches an event and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, event: object): Promise<void> => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  return { dispatch, shown, opened };
}

function window(url: string, focused = false): FakeWindow & { went: string[] } {
  const went: string[] = [];
  const w: FakeWindow & { went: string[] } = {
    url,
    focused,
    went,
    focus: () => Promise.resolve(w),
    navigate: (to: string) => {
      went.push(to);
      return Promise.resolve(w);
    },
  };
  return w;
}

const click = (url: unknown) => {
  let closed = false;
  return {
    notification: { data: { url }, close: () => (closed = true) },
    closed: () => closed,
  };
};

describe('the service worker: alert pushes', () => {
  const push = (payload: unknown) => ({ data: { json: () => payload } });

  it('shows a push as a notification carrying its page, unless a window of the app is focused', async () => {
    const away = worker([window(`${ORIGIN}/`)]);
    await away.dispatch('push', push({ title: 'EURUSD ≥ 1.1', body: 'now 1.1002', tag: 'a1', url: '/trade?c=EURUSD' }));
    expect(away.shown).toEqual([
      {
        title: 'EURUSD ≥ 1.1',
        options: { body: 'now 1.1002', tag: 'a1', icon: '/icons/icon-192.png', data: { url: '/trade?c=EURUSD' } },
      },
    ]);
    const looking = worker([window(`${ORIGIN}/`, true)]);
    await looking.dispatch('push', push({ title: 'EURUSD ≥ 1.1', url: '/' }));
    expect(looking.shown).toEqual([]);
  });

  it('drops a push it cannot read', async () => {
    const w = worker([]);
    await w.dispatch('push', { data: { json: () => JSON.parse('{') } });
    await w.dispatch('push', push({ body: 'no title' }));
    await w.dispatch('push', { data: null });
    expect(w.shown).toEqual([]);
  });

  it("a tap takes an open window of the app to the alert's page, and closes the notification", async () => {
    const open = window(`${ORIGIN}/market`);
    const w = worker([window('https://elsewhere.example/'), open]);
    const tap = click('/trade?c=XAUUSD');
    await w.dispatch('notificationclick', tap);
    expect(tap.closed()).toBe(true);
    expect(open.went).toEqual([`${ORIGIN}/trade?c=XAUUSD`]);
    expect(w.opened).toEqual([]);
  });

  it('a tap with no window of the app opens one, and never a page of another origin', async () => {
    const w = worker([]);
    await w.dispatch('notificationclick', click('/trade?c=BTCUSDT'));
    await w.dispatch('notificationclick', click('https://phish.example/login'));
    await w.dispatch('notificationclick', click(undefined));
    expect(w.opened).toEqual([`${ORIGIN}/trade?c=BTCUSDT`, `${ORIGIN}/`, `${ORIGIN}/`]);
  });
});
