// The last live quotes kept between visits, as the trader sees them: the feed (main-thread mode, fake
// clock and cache) reads them at start and a market row painted from the list's older snapshot shows the kept price,
// stale, with its own age ("as of …") and the banner's age; a trade_list refresh with older data keeps it; the first
// live quote replaces it and the row is live again.
import { afterEach, beforeAll, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initI18n } from '../../../../../src/i18n/index.ts';
import { formatAsOf } from '../../../../../src/i18n/format.ts';
import { setInstruments } from '../../../../../src/state/market/instruments.ts';
import { adoptFeedIndex, applyBatch } from '../../../../../src/state/feed/apply-batch.ts';
import { $dataAsOf } from '../../../../../src/state/feed/feed-signals.ts';
import { MarketRow } from '../../../../../src/components/instrument/market-row.tsx';
import { Feed } from '../../../../../workers/feed/feed.ts';
import { QUOTES_KEY } from '../../../../../domain/stored-keys.ts';
import { instrument } from '../../../../fixtures/instruments.ts';
import { config, harness, RecordingSink, settle } from '../../../feed-fakes.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
const host = document.createElement('div');

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
  document.body.append(host);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

/** Paints every batch as the bridge does. */
class PaintingSink extends RecordingSink {
  override onBatch(b: Parameters<RecordingSink['onBatch']>[0]): void {
    act(() => applyBatch(b));
  }
}

it('paints a kept quote newer than the snapshot with its age, and live replaces it', async () => {
  const h = harness();
  const snapAt = h.time.now - 3_600_000;
  const keptAt = h.time.now - 600_000;
  const kept = new Map<string, unknown>([[QUOTES_KEY, [['KQROW', '1.23456', '0.50', keptAt, 1]]]]);
  const cache = {
    get: async <T,>(k: string) => kept.get(k) as T | undefined,
    set: async (k: string, v: unknown) => void kept.set(k, v),
  };
  const snapshot = { Open: '1', Close: '1.10000', Change: '0.10', High: '1', Low: '1', Time: snapAt };
  const list = [instrument('KQROW', 1, { ForexQuotations: snapshot })];

  // Start as the app does: the cached list paints its snapshot, the feed starts and gets the list.
  act(() => setInstruments(list));
  root = createRoot(host);
  act(() => root?.render(<MarketRow inst={list[0]!} onPick={() => undefined} />));
  const row = () => host.querySelector<HTMLElement>('.mk-row')!;
  const price = () => host.querySelector('.mk-price')?.textContent;
  const asOf = () => host.querySelector('[data-field="as-of"]')?.textContent;
  expect(price()).toBe('1.10000');

  const feed = new Feed({ ...h.deps, cache });
  await feed.start(config(), new PaintingSink());
  await feed.setInstruments(list);
  adoptFeedIndex(list);
  await settle();
  h.frames.run();
  expect(price()).toBe('1.23456'); // the last price seen, not the snapshot's
  expect(row().dataset.stale).toBe('true');
  expect(asOf()).toBe(`as of ${formatAsOf(keptAt, Date.now())}`);
  expect($dataAsOf.value).toBe(keptAt); // the offline banner's age

  act(() => setInstruments(list)); // a trade_list refresh with the older snapshot does not take it back
  expect(price()).toBe('1.23456');

  h.last().open();
  h.last().receive({ type: 'DAY_MARKET', data: [['KQROW', '1.30000', '0.20', h.time.now, 1]] });
  h.frames.run();
  expect(price()).toBe('1.30000');
  expect(row().dataset.stale).toBe('false');
  await feed.stop();
});
