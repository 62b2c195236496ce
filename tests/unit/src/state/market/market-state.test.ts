// The store applying FeedBatches: per-instrument signals written inside one batch(), prices at PricePrecision,
// staleness flips, connection and account, then chart and paint listeners; the list seeds rows before any tick.
import { describe, expect, it } from 'vitest';
import { effect } from '@preact/signals-react';
import { $account, $conn } from '../../../../../src/state/feed/feed-signals.ts';
import { $currentCode, persistCurrentCode } from '../../../../../src/state/market/current-code.ts';
import { $instruments, setInstruments } from '../../../../../src/state/market/instruments.ts';
import { adoptFeedIndex, applyBatch } from '../../../../../src/state/feed/apply-batch.ts';
import {
  dispatchOrderEvent,
  dispatchOrderGap,
  onKline,
  onOrderEvent,
  onOrderGap,
  onPaint,
} from '../../../../../src/state/feed/feed-listeners.ts';
import { onQuoteInterest, shownCodes } from '../../../../../src/state/market/quote-interest.ts';
import { quote } from '../../../../../src/state/market/quotes.ts';
import type { FeedBatch } from '../../../../../workers/protocol.ts';
import { percentText } from '../../../../../domain/format/percent.ts';
import { changeDir } from '../../../../../domain/quote-text.ts';
import { priceText } from '../../../../../domain/format/price.ts';
import { instrument } from '../../../../fixtures/instruments.ts';

const empty: FeedBatch = {
  flushedAt: 0,
  quotes: null,
  quoteText: null,
  stale: null,
  conn: null,
  kline: null,
  account: null,
};
type Row = [index: number, price: string, change: string, dir: number, time: number, status: number, ask?: string];
/** A batch's quotes as the feed sends them: numbers (index, dir, time, status, received) and display text. */
const quotes = (...rows: Row[]): Pick<FeedBatch, 'quotes' | 'quoteText'> => ({
  quotes: Float64Array.from(rows.flatMap(([i, , , dir, time, status]) => [i, dir, time, status, 0])),
  quoteText: rows.flatMap(([, price, change, , , , ask]) => [price, change, '', ask ?? price, ask ? '15' : '0']),
});

describe('setInstruments', () => {
  it('shows the list quote at once, at the instrument precision, and keeps a live tick that is newer', () => {
    const list = [
      instrument('S1EUR', 1, {
        ForexQuotations: { Open: '1', Close: '1.0832', Change: '0.3', High: '1', Low: '1', Time: 100 },
      }),
      instrument('S1BTC', 2, {
        PricePrecision: 2,
        MarketStatus: 0,
        ForexQuotations: { Open: '1', Close: '65000.5', Change: '-1.204', High: '1', Low: '1', Time: 100 },
      }),
    ];
    setInstruments(list);
    expect($instruments.value).toBe(list);
    expect(quote('S1EUR').$close.value).toBe('1.08320');
    expect(quote('S1EUR').$change.value).toBe('+0.30%');
    expect(quote('S1EUR').$dir.value).toBe('up');
    expect(quote('S1EUR').$open.value).toBe(true);
    expect(quote('S1BTC').$close.value).toBe('65000.50');
    expect(quote('S1BTC').$change.value).toBe('-1.20%');
    expect(quote('S1BTC').$dir.value).toBe('down');
    expect(quote('S1BTC').$open.value).toBe(false);
    expect(quote('S1EUR').$stale.value).toBe(true); // nothing is live yet
    // A quote the server never timed (Time 0) still shows rather than leaving the row blank.
    setInstruments([
      instrument('S1ZERO', 3, {
        ForexQuotations: { Open: '1', Close: '2.5', Change: '0', High: '1', Low: '1', Time: 0 },
      }),
    ]);
    expect(quote('S1ZERO').$close.value).toBe('2.50000');
    setInstruments(list);
    // A tick newer than the list's quote is not overwritten by a refresh carrying older data.
    adoptFeedIndex(list);
    applyBatch({ ...empty, ...quotes([0, '1.09000', '+0.90%', 1, 500, 1]) });
    setInstruments(list);
    expect(quote('S1EUR').$close.value).toBe('1.09000');
  });
});

describe('a refreshed list', () => {
  const at = (close: string, time: number) => ({
    Open: '1',
    Close: close,
    Change: '0.1',
    High: '1',
    Low: '1',
    Time: time,
  });
  const list = (close: string, time: number, over = {}) => [
    instrument('S3A', 1, { ForexQuotations: at(close, time), HasForexMultiple: [{ Value: 100 }] }),
    instrument('S3B', 2, { ForexQuotations: at('2.00000', time), ...over }),
  ];

  it('keeps its array when only quotes moved, so neither the screens nor the feed redo the list', () => {
    const first = list('1.10000', 100);
    setInstruments(first);
    let seen = 0;
    const stop = $instruments.subscribe(() => void seen++);
    seen = 0;
    setInstruments(list('1.20000', 200));
    expect($instruments.value).toBe(first);
    expect(seen).toBe(0);
    expect(quote('S3A').$close.value).toBe('1.20000'); // its quote still reaches the row
    stop();
  });

  it('is replaced when a term, an instrument or their order changes', () => {
    for (const next of [
      list('1.10000', 300, { MarketStatus: 0 }),
      list('1.10000', 300, { HasForexMultiple: [{ Value: 50 }] }),
      list('1.10000', 300).slice(0, 1),
      list('1.10000', 300).reverse(),
    ]) {
      setInstruments(list('1.10000', 300));
      setInstruments(next);
      expect($instruments.value).toBe(next);
    }
  });
});

describe('applyBatch', () => {
  const list = [instrument('S2A', 1), instrument('S2B', 2, { PricePrecision: 3 }), instrument('S2C', 3)];

  it('writes every changed field of every quote, by the index of the adopted list', () => {
    setInstruments(list);
    adoptFeedIndex(list);
    applyBatch({
      ...empty,
      ...quotes([2, '1.50000', '0.00%', 0, 1000, 1, '1.50015'], [1, '123.457', '+2.50%', 1, 2000, 0]),
    });
    const c = quote('S2C');
    expect([c.$ask.value, c.$spread.value]).toEqual(['1.50015', '15']);
    expect([c.$close.value, c.$change.value, c.$dir.value, c.$open.value, c.$tickAt.value]).toEqual([
      '1.50000',
      '0.00%',
      'flat',
      true,
      1000,
    ]);
    const b = quote('S2B');
    expect([b.$close.value, b.$change.value, b.$dir.value, b.$open.value, b.$tickAt.value]).toEqual([
      '123.457',
      '+2.50%',
      'up',
      false,
      2000,
    ]);
  });

  it('flips staleness per index and sets the connection and account', () => {
    setInstruments(list);
    adoptFeedIndex(list);
    applyBatch({ ...empty, stale: Int32Array.from([-1, -3]), conn: 'live' });
    expect([quote('S2A').$stale.value, quote('S2B').$stale.value, quote('S2C').$stale.value]).toEqual([
      false,
      true,
      false,
    ]);
    expect($conn.value).toBe('live');
    applyBatch({ ...empty, stale: Int32Array.from([1, 3]), conn: 'reconnecting' });
    expect([quote('S2A').$stale.value, quote('S2C').$stale.value]).toEqual([true, true]);
    expect($conn.value).toBe('reconnecting');
    const account = { positions: [], floating: '0.000000', equity: '1.000000', riskRate: null, stopOutDistance: null };
    applyBatch({ ...empty, account });
    expect($account.value).toBe(account);
  });

  it('applies a whole batch as one update: an effect over many signals runs once per batch', () => {
    setInstruments(list);
    adoptFeedIndex(list);
    let runs = 0;
    const stop = effect(() => {
      void quote('S2A').$close.value;
      void quote('S2B').$close.value;
      void quote('S2C').$stale.value;
      void $conn.value;
      runs++;
    });
    runs = 0;
    applyBatch({
      ...empty,
      ...quotes([0, '2.10000', '+1.00%', 1, 3000, 1], [1, '7.700', '+1.00%', 1, 3000, 1]),
      stale: Int32Array.from([-3]),
      conn: 'live',
    });
    stop();
    expect(runs).toBe(1);
  });

  it('skips indexes beyond the adopted list instead of painting the wrong row', () => {
    adoptFeedIndex([list[0] ?? instrument('X', 9)]);
    const before = quote('S2B').$close.value;
    applyBatch({ ...empty, ...quotes([1, '99.000', '0.00%', 0, 1, 1]) });
    expect(quote('S2B').$close.value).toBe(before);
  });

  it('hands kline updates to chart listeners and the whole batch to paint listeners after the signals', () => {
    adoptFeedIndex(list);
    const klines: string[] = [];
    let paintedClose = '';
    const offK = onKline((u) => klines.push(u.kind));
    const offP = onPaint(() => {
      paintedClose = quote('S2A').$close.value;
    });
    applyBatch({
      ...empty,
      ...quotes([0, '3.25000', '0.00%', 0, 1, 1]),
      kline: [
        { kind: 'reset', code: 'S2A', period: '1min', bars: [] },
        { kind: 'bar', code: 'S2A', period: '1min', bar: { Time: 60, Open: 1, High: 1, Low: 1, Close: 1, Volume: 1 } },
      ],
    });
    expect(klines).toEqual(['reset', 'bar']);
    expect(paintedClose).toBe('3.25000');
    offK();
    offP();
    applyBatch({ ...empty, kline: [{ kind: 'reset', code: 'S2A', period: '1min', bars: [] }] });
    expect(klines).toHaveLength(2);
  });

  it('keeps painting when a listener throws', () => {
    const seen: number[] = [];
    const off1 = onPaint(() => {
      throw new Error('broken screen');
    });
    const off2 = onPaint((b) => seen.push(b.flushedAt));
    const err = console.error;
    console.error = () => undefined;
    applyBatch({ ...empty, flushedAt: 42 });
    console.error = err;
    off1();
    off2();
    expect(seen).toEqual([42]);
  });
});

describe('quote interest', () => {
  it('a code is shown while anything subscribes to its signals, and each change is announced once per microtask', async () => {
    const seen: string[][] = [];
    const off = onQuoteInterest((codes) => seen.push([...codes].sort()));
    const a = effect(() => void quote('INT1').$close.value);
    const b = effect(() => void quote('INT2').$stale.value);
    const a2 = effect(() => void (quote('INT1').$change.value + quote('INT1').$dir.value));
    expect(shownCodes().sort()).toEqual(['INT1', 'INT2']);
    await Promise.resolve();
    expect(seen).toEqual([['INT1', 'INT2']]); // three subscriptions, one notice

    a(); // INT1 is still shown by a2
    await Promise.resolve();
    expect(seen).toHaveLength(1);
    a2();
    b();
    await Promise.resolve();
    expect(seen).toEqual([['INT1', 'INT2'], []]);
    quote('INT3').$close.value = '1'; // writing or reading without subscribing shows nothing
    void quote('INT3').$close.value;
    await Promise.resolve();
    expect(seen).toHaveLength(2);
    off();
  });
});

describe('order events, gaps, current code', () => {
  it('dispatches order events and gaps to their listeners until unsubscribed', () => {
    const events: number[] = [];
    let gaps = 0;
    const off1 = onOrderEvent((e) => events.push(e.seq));
    const off2 = onOrderGap(() => gaps++);
    const data = { Id: 1 } as unknown as Parameters<typeof dispatchOrderEvent>[0]['data'];
    dispatchOrderEvent({ change: 'changed', seq: 1, data });
    dispatchOrderGap();
    off1();
    off2();
    dispatchOrderEvent({ change: 'changed', seq: 2, data });
    dispatchOrderGap();
    expect(events).toEqual([1]);
    expect(gaps).toBe(1);
  });

  it('persists the current instrument code', () => {
    const stop = persistCurrentCode(); // what startApp does once
    $currentCode.value = 'XAUUSD';
    expect(localStorage.getItem('tw:current-code')).toBe('XAUUSD');
    $currentCode.value = null;
    expect(localStorage.getItem('tw:current-code')).toBeNull();
    stop();
  });

  it('restores the stored code when persistence starts (a reload reopens the same instrument)', () => {
    localStorage.setItem('tw:current-code', 'EURUSD');
    const stop = persistCurrentCode();
    expect($currentCode.value).toBe('EURUSD');
    stop();
    $currentCode.value = null;
    localStorage.removeItem('tw:current-code');
  });
});

describe('quote text (domain/quote-text.ts, what the feed sends)', () => {
  it('formats exact prices at precision and changes with sign, never showing -0.00% or a red 0.00%', () => {
    expect(priceText('1.2', 5)).toBe('1.20000');
    expect(priceText('65000.455', 2)).toBe('65000.46'); // exact half-up: a float would print 65000.45
    expect(priceText('3', 0)).toBe('3');
    expect(priceText('abc', 2)).toBe('');
    expect(percentText('0.345', { signed: true })).toBe('+0.35%');
    expect(percentText('-1.2', { signed: true })).toBe('-1.20%');
    expect(percentText('-0.001', { signed: true })).toBe('0.00%');
    expect(changeDir('-0.001')).toBe('flat');
    expect(changeDir('-0.005')).toBe('down');
    expect(percentText('NaN', { signed: true })).toBe('');
  });
});
