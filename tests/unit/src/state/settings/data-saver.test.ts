// @vitest-environment node
// Low-bandwidth mode: the automatic rule and the setting, and what the feed does with the mode — asks the
// server for one batch a second (again after a reconnect), narrows the socket to the codes on screen plus the pinned
// ones (positions, the /trade instrument), and loads a shorter chart history.
import { afterEach, describe, expect, it } from 'vitest';
import {
  $lowBandwidth,
  $saverSetting,
  $slowNetwork,
  isSlowNetwork,
  setSaverSetting,
  watchConnection,
} from '../../../../../src/state/settings/data-saver.ts';
import { Feed } from '../../../../../workers/feed/feed.ts';
import { HISTORY_LIMIT, LOW_BANDWIDTH_HISTORY } from '../../../../../workers/feed/chart-watch.ts';
import { CODES_MAX, LOW_BANDWIDTH_RATE_MS, TOPIC_DAY_MARKET } from '../../../../../domain/ws-protocol.ts';
import { CODES_SEND_MIN_MS, CODES_SETTLE_MS } from '../../../../../workers/feed/wire-codes.ts';
import { config, harness, RecordingSink } from '../../../feed-fakes.ts';
import { instrument } from '../../../../fixtures/instruments.ts';
import { appOrder } from '../../../../fixtures/orders.ts';
import { $pinnedCodes } from '../../../../../src/state/market/pinned-codes.ts';
import { $currentCode } from '../../../../../src/state/market/current-code.ts';
import { $heldPositions } from '../../../../../src/state/orders/position-sync.ts';
import { $lastAccount } from '../../../../../src/state/account/account-cache.ts';

afterEach(() => {
  setSaverSetting('auto');
  $slowNetwork.value = false;
});

describe('the setting', () => {
  it('automatic follows Save-Data and 2G links; on and off override it', () => {
    expect(isSlowNetwork(undefined)).toBe(false);
    expect(isSlowNetwork({ effectiveType: '4g' })).toBe(false);
    expect(isSlowNetwork({ effectiveType: '3g' })).toBe(false);
    expect(isSlowNetwork({ effectiveType: 'slow-2g' })).toBe(true);
    expect(isSlowNetwork({ effectiveType: '2g' })).toBe(true);
    expect(isSlowNetwork({ saveData: true, effectiveType: '4g' })).toBe(true);
    let change: (() => void) | undefined;
    const info = { effectiveType: '4g', addEventListener: (_t: 'change', l: () => void) => void (change = l) };
    watchConnection(info);
    expect($lowBandwidth.value).toBe(false);
    info.effectiveType = '2g';
    change?.();
    expect($lowBandwidth.value).toBe(true);
    setSaverSetting('off');
    expect($lowBandwidth.value).toBe(false);
    setSaverSetting('on');
    info.effectiveType = '4g';
    change?.();
    expect($lowBandwidth.value).toBe(true);
    expect($saverSetting.value).toBe('on');
  });
});

describe('the feed in low-bandwidth mode', () => {
  it('asks for one batch a second on the open socket and again after a reconnect; off asks for every batch', async () => {
    const h = harness();
    const feed = new Feed(h.deps);
    await feed.start(config(), new RecordingSink());
    await feed.setLowBandwidth(true); // before the socket opened: sent on open
    const s1 = h.last();
    s1.open();
    expect(s1.sent).toContainEqual({ type: 'rate', ms: LOW_BANDWIDTH_RATE_MS });
    s1.drop();
    h.time.advance(500);
    h.last().open();
    expect(h.last().sent[0]).toEqual({ type: 'rate', ms: LOW_BANDWIDTH_RATE_MS });
    await feed.setLowBandwidth(false);
    expect(h.last().sent.at(-1)).toEqual({ type: 'rate', ms: 0 });
  });

  it('loads a shorter chart history', async () => {
    const h = harness();
    const limits: string[] = [];
    h.routes.set('/v1/api/forex/kline', (u) => {
      if (u.searchParams.get('period') !== '1min') limits.push(u.searchParams.get('limit') ?? '');
      return [];
    });
    const feed = new Feed(h.deps);
    await feed.start(config(), new RecordingSink());
    await feed.setInstruments([instrument('EURUSD', 1), instrument('GBPUSD', 2)]);
    await feed.watchChart('EURUSD', '5min');
    await feed.setLowBandwidth(true);
    await feed.watchChart('GBPUSD', '5min');
    expect(limits).toEqual([String(HISTORY_LIMIT), String(LOW_BANDWIDTH_HISTORY)]);
  });
});

describe("the socket's code filter in low-bandwidth mode", () => {
  type Sent = { type: string; codes?: string[] | null };
  const codesSent = (sent: unknown[]): Array<string[] | null> =>
    (sent as Sent[]).filter((m) => m.type === 'codes').map((m) => m.codes ?? null);

  async function openFeed() {
    const h = harness();
    const feed = new Feed(h.deps);
    await feed.start(config(), new RecordingSink());
    h.last().open();
    return { h, feed, sent: () => codesSent(h.last().sent) };
  }

  it('sends the rows on screen plus the pinned codes, once per burst, and the newest set when the range moves', async () => {
    const { h, feed, sent } = await openFeed();
    await feed.setQuoteInterest(['EURUSD', 'GBPUSD', 'USDJPY']);
    await feed.setPinnedCodes(['BTCUSDT', 'EURUSD']);
    expect(sent()).toEqual([]); // mode off: the socket carries every code
    await feed.setLowBandwidth(true);
    expect(sent()).toEqual([['BTCUSDT', 'EURUSD', 'GBPUSD', 'USDJPY']]); // at once when the mode comes on
    // A scroll: rows mount and unmount in many small steps; the server hears the last range, not every step.
    await feed.setQuoteInterest(['GBPUSD', 'USDJPY', 'AUDUSD']);
    h.time.advance(CODES_SETTLE_MS);
    await feed.setQuoteInterest(['USDJPY', 'AUDUSD', 'USDCAD']);
    await feed.setQuoteInterest(['AUDUSD', 'USDCAD', 'USDCHF']);
    expect(sent()).toHaveLength(1);
    h.time.advance(CODES_SEND_MIN_MS - CODES_SETTLE_MS); // at most one a second
    expect(sent()).toEqual([
      ['BTCUSDT', 'EURUSD', 'GBPUSD', 'USDJPY'],
      ['AUDUSD', 'BTCUSDT', 'EURUSD', 'USDCAD', 'USDCHF'],
    ]);
    // The same set again sends nothing; a new position's instrument joins it.
    await feed.setQuoteInterest(['USDCHF', 'USDCAD', 'AUDUSD']);
    h.time.advance(CODES_SEND_MIN_MS);
    expect(sent()).toHaveLength(2);
    await feed.setPinnedCodes(['BTCUSDT', 'EURUSD', 'XAUUSD']);
    h.time.advance(CODES_SEND_MIN_MS);
    expect(sent().at(-1)).toEqual(['AUDUSD', 'BTCUSDT', 'EURUSD', 'USDCAD', 'USDCHF', 'XAUUSD']);
    // Off: every code again, at once.
    await feed.setLowBandwidth(false);
    expect(sent().at(-1)).toBeNull();
  });

  it('a new socket gets the filter before its DAY_MARKET subscription, so even the snapshot is cut', async () => {
    const { h, feed } = await openFeed();
    await feed.setQuoteInterest(['EURUSD']);
    await feed.setLowBandwidth(true);
    h.last().drop();
    h.time.advance(500);
    h.last().open();
    const order = (h.last().sent as Sent[]).map((m) => m.type);
    expect(order.indexOf('codes')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('codes')).toBeLessThan(
      (h.last().sent as Array<{ topic?: string }>).findIndex((m) => m.topic === TOPIC_DAY_MARKET),
    );
    expect(codesSent(h.last().sent)).toEqual([['EURUSD']]);
  });

  it("asks for every code while the painter has said nothing, or when the set is past the server's cap", async () => {
    const { h, feed, sent } = await openFeed();
    await feed.setLowBandwidth(true);
    expect(sent()).toEqual([]); // no interest yet: nothing to narrow to
    await feed.setQuoteInterest(Array.from({ length: CODES_MAX + 1 }, (_, i) => `C${i}`));
    h.time.advance(CODES_SEND_MIN_MS);
    expect(sent()).toEqual([]); // still every code
    await feed.setQuoteInterest(['C1']);
    h.time.advance(CODES_SEND_MIN_MS);
    expect(sent()).toEqual([['C1']]);
  });
});

describe('the pinned codes', () => {
  it("are the /trade instrument and the open positions' instruments, live or last known", () => {
    const on = (code: string) => appOrder({ instrument: { ShowCode: code, Code: code, PricePrecision: 2 } });
    $currentCode.value = 'EURUSD';
    $heldPositions.value = [on('XAUUSD'), on('EURUSD')];
    expect($pinnedCodes.value).toEqual(['EURUSD', 'XAUUSD']);
    $lastAccount.value = {
      owner: 7,
      at: 1,
      funds: { balance: '0', lock_balance: '0' },
      floating: null,
      positions: [on('BTCUSDT')],
    };
    expect($pinnedCodes.value).toEqual(['BTCUSDT', 'EURUSD', 'XAUUSD']);
    $lastAccount.value = null;
    $heldPositions.value = [];
    $currentCode.value = null;
    expect($pinnedCodes.value).toEqual([]);
  });
});
