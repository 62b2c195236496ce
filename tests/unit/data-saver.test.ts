// @vitest-environment node
// Low-bandwidth mode (issue 26): the automatic rule and the setting, and what the feed does with the mode — asks the
// server for one batch a second (again after a reconnect) and loads a shorter chart history.
import { afterEach, describe, expect, it } from 'vitest';
import { $lowBandwidth, $saverSetting, $slowNetwork, isSlowNetwork, setSaverSetting, watchConnection } from '../../src/state/data-saver.ts';
import { Feed } from '../../workers/feed/feed.ts';
import { HISTORY_LIMIT, LOW_BANDWIDTH_HISTORY } from '../../workers/feed/chart-watch.ts';
import { LOW_BANDWIDTH_RATE_MS } from '../../src/domain/ws-protocol.ts';
import { config, harness, RecordingSink } from './feed-fakes.ts';
import { instrument } from '../fixtures/instruments.ts';

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
