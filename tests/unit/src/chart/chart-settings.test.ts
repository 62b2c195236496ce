// The chart's indicator settings on the account: a save wins over an account read that was still under way
// when it was made (a slow network at start must not put the old settings back over the ones just saved).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultIndicatorSettings, type IndicatorSettings } from '../../../../domain/indicators.ts';
import { fakeFeedHandle } from '../../feed-fakes.ts';

const USER = { id: 7, uid: 'U7', email: 'a@x.co', mobile: '', is_demo: 0 as const, invite_code: 'AAA' };

/** A promise resolved by the test. */
function later<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function load(
  read: () => Promise<{ indicators: IndicatorSettings }>,
  save: (s: IndicatorSettings) => Promise<{ indicators: IndicatorSettings }>,
) {
  vi.resetModules();
  vi.doMock('../../../../src/api/chart-settings.ts', () => ({ readChartSettings: read, saveChartSettings: save }));
  const session = await import('../../../../src/state/account/session.ts');
  const handle = await import('../../../../src/state/feed/feed-bridge.ts');
  handle.provideFeed(fakeFeedHandle({ setIndicators: () => Promise.resolve() }));
  const settings = await import('../../../../src/chart/chart-settings.ts');
  return { session, settings };
}

beforeEach(() => {
  localStorage.clear();
  vi.doUnmock('../../../../../src/api/chart-settings.ts');
});

describe('chart settings', () => {
  it('keeps what was saved when the account read that started before the save answers after it', async () => {
    const stale = later<{ indicators: IndicatorSettings }>();
    const { session, settings } = await load(
      () => stale.promise,
      (s) => Promise.resolve({ indicators: s }),
    );
    session.signIn({ token: 'tok', user: USER });
    settings.startChartSettings(); // reads the account's settings: still under way
    const saved = defaultIndicatorSettings();
    saved.macd = { ...saved.macd, on: true };
    await settings.saveIndicatorSettings(saved);
    stale.resolve({ indicators: defaultIndicatorSettings() }); // the old settings, read before the save
    await new Promise((r) => setTimeout(r, 0));
    expect(settings.$indicatorSettings.value.macd.on).toBe(true);
  });

  it('a signed-in save goes to the account, judged by the session at the time of the save', async () => {
    const saves: IndicatorSettings[] = [];
    const { session, settings } = await load(
      () => Promise.resolve({ indicators: defaultIndicatorSettings() }),
      (s) => (saves.push(s), Promise.resolve({ indicators: s })),
    );
    session.signIn({ token: 'tok', user: USER }); // no chart has started the settings' session follower yet
    const next = defaultIndicatorSettings();
    next.kdj = { ...next.kdj, on: true };
    await settings.saveIndicatorSettings(next);
    expect(saves.map((s) => s.kdj.on)).toEqual([true]);
    expect(localStorage.getItem(settings.VISITOR_INDICATORS_KEY)).toBeNull();
  });

  it('shows the account read when nothing was saved meanwhile', async () => {
    const account = defaultIndicatorSettings();
    account.rsi = { ...account.rsi, on: true };
    const { session, settings } = await load(
      () => Promise.resolve({ indicators: account }),
      (s) => Promise.resolve({ indicators: s }),
    );
    session.signIn({ token: 'tok', user: USER });
    settings.startChartSettings();
    await vi.waitFor(() => expect(settings.$indicatorSettings.value.rsi.on).toBe(true));
  });
});

describe('a visitor’s indicators at sign-in', () => {
  it('are carried into an account that has chosen none, then forgotten in this browser', async () => {
    const saves: IndicatorSettings[] = [];
    const { session, settings } = await load(
      () => Promise.resolve({ indicators: defaultIndicatorSettings() }),
      (s) => (saves.push(s), Promise.resolve({ indicators: s })),
    );
    const chosen = defaultIndicatorSettings();
    chosen.boll = { ...chosen.boll, on: true };
    localStorage.setItem(settings.VISITOR_INDICATORS_KEY, JSON.stringify(chosen));
    settings.startChartSettings();
    expect(settings.$indicatorSettings.value.boll.on).toBe(true); // the visitor's chart
    session.signIn({ token: 'tok', user: USER });
    await vi.waitFor(() => expect(saves.map((s) => s.boll.on)).toEqual([true]));
    expect(settings.$indicatorSettings.value.boll.on).toBe(true);
    expect(localStorage.getItem(settings.VISITOR_INDICATORS_KEY)).toBeNull();
  });

  it('leave an account with choices of its own as it is', async () => {
    const saves: IndicatorSettings[] = [];
    const account = defaultIndicatorSettings();
    account.rsi = { ...account.rsi, on: true };
    const { session, settings } = await load(
      () => Promise.resolve({ indicators: account }),
      (s) => (saves.push(s), Promise.resolve({ indicators: s })),
    );
    const chosen = defaultIndicatorSettings();
    chosen.boll = { ...chosen.boll, on: true };
    localStorage.setItem(settings.VISITOR_INDICATORS_KEY, JSON.stringify(chosen));
    session.signIn({ token: 'tok', user: USER });
    settings.startChartSettings();
    await vi.waitFor(() => expect(settings.$indicatorSettings.value.rsi.on).toBe(true));
    expect(settings.$indicatorSettings.value.boll.on).toBe(false);
    expect(saves).toEqual([]);
  });
});
