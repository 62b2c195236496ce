// @vitest-environment happy-dom
// The chart's ask line (src/chart/ask-line.ts, docs/retail-protection.md "What the app shows") moves with the chart's
// own updates, never per tick: a price line moved on every tick redraws the whole chart each time. A tick changes
// nothing on the chart; the next kline update of the chart's instrument moves the line to the ask of that moment.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, useRef, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { ISeriesApi } from 'lightweight-charts';
import { useAskLine } from '../../../../src/chart/ask-line.ts';
import { emitKline } from '../../../../src/state/feed/feed-listeners.ts';
import { quote } from '../../../../src/state/market/quotes.ts';
import type { KlineBar } from '../../../../domain/types.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CODE = 'ASKLINE1';
const bar: KlineBar = { Time: 60, Open: 1, High: 1, Low: 1, Close: 1, Volume: 1 } as KlineBar;

function fakeSeries() {
  const applyOptions = vi.fn();
  const createPriceLine = vi.fn((options: { price: number; title: string }) => ({ applyOptions, options }));
  const removePriceLine = vi.fn();
  const series = { createPriceLine, removePriceLine } as unknown as ISeriesApi<'Candlestick'>;
  return { series, createPriceLine, applyOptions, removePriceLine };
}

type Live = { series: ISeriesApi<'Candlestick'> } | null;
/** What candle-chart.tsx's liveRef holds: the series while its chart stands, null once it is going. */
const live: { current: Live } = { current: null };

function Chart({ series, wide }: { series: ISeriesApi<'Candlestick'>; wide: boolean }): ReactElement {
  const box = useRef<HTMLDivElement>(null);
  useAskLine(series, live, box, CODE, wide, 'Ask');
  return <div ref={box} className="tw-chart" />;
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

/** Nothing stored: the line is on at the desk's width (`wide`), off on a phone. */
function mount(series: ISeriesApi<'Candlestick'>, wide = true): HTMLElement {
  live.current = { series };
  const el = document.createElement('div');
  document.body.append(el);
  root = createRoot(el);
  act(() => root?.render(<Chart series={series} wide={wide} />));
  return el.querySelector<HTMLElement>('.tw-chart')!;
}

const tick = (ask: string): void => act(() => void (quote(CODE).$ask.value = ask));

describe('the ask line', () => {
  it('moves at the chart’s next update of its instrument, to the ask then, and not on a tick', () => {
    tick('1.08427');
    const f = fakeSeries();
    const box = mount(f.series);
    expect(f.createPriceLine).toHaveBeenCalledTimes(1);
    expect(f.createPriceLine.mock.calls[0]?.[0]).toMatchObject({ price: 1.08427, title: 'Ask' });
    expect(box.dataset.askLine).toBe('1.08427');

    for (const ask of ['1.08431', '1.08429', '1.08433']) tick(ask);
    expect(f.applyOptions).not.toHaveBeenCalled(); // three ticks: the chart is not redrawn
    expect(box.dataset.askLine).toBe('1.08427');

    act(() => emitKline({ kind: 'bar', code: 'OTHER', period: '1min', bar }));
    expect(f.applyOptions).not.toHaveBeenCalled(); // another instrument's chart update

    act(() => emitKline({ kind: 'bar', code: CODE, period: '1min', bar }));
    expect(f.applyOptions.mock.calls).toEqual([[{ price: 1.08433 }]]);
    expect(box.dataset.askLine).toBe('1.08433');

    act(() => emitKline({ kind: 'bar', code: CODE, period: '1min', bar }));
    expect(f.applyOptions).toHaveBeenCalledTimes(1); // the ask unchanged: nothing to redraw
  });

  it('is not drawn on a phone unless chosen, not even at a chart update', () => {
    tick('1.08427');
    const f = fakeSeries();
    const box = mount(f.series, false);
    act(() => emitKline({ kind: 'bar', code: CODE, period: '1min', bar }));
    expect(f.createPriceLine).not.toHaveBeenCalled();
    expect(box.dataset.askLine).toBeUndefined();
  });

  it('is taken off a chart that stays, and left on one already going (its chart is removed with it)', () => {
    tick('1.08427');
    const staying = fakeSeries();
    mount(staying.series);
    act(() => root?.render(<Chart series={staying.series} wide={false} />)); // the choice or the width changed
    expect(staying.removePriceLine).toHaveBeenCalledTimes(1);
    act(() => root?.unmount());

    const going = fakeSeries();
    mount(going.series);
    live.current = null; // candle-chart.tsx's dispose: the chart is removed a frame later, maybe before this cleanup
    act(() => root?.unmount());
    root = null;
    expect(going.removePriceLine).not.toHaveBeenCalled();
  });

  it('is not moved by a chart update that comes after its chart went, before this cleanup', () => {
    tick('1.08427');
    const f = fakeSeries();
    mount(f.series);
    live.current = null; // released, while the effect's cleanup has not run yet
    tick('1.08433');
    act(() => emitKline({ kind: 'bar', code: CODE, period: '1min', bar }));
    expect(f.applyOptions).not.toHaveBeenCalled();
  });
});
