// The order tags follow the price scale on every live bar (OrderLineLayer's place()) without reading layout there: a
// tag's height is read once per render of the layer, so a tick after a change elsewhere on the page (a digit typed into
// the lots field) forces no layout inside the chart's code (bench/interactions/README.md "a digit into lots"). And
// its lines leave with their chart: taken off a standing chart's series, never off a released one's (lightweight-charts
// paints a released chart again when a line is taken from it, and throws in that frame).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, createRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { ISeriesApi } from 'lightweight-charts';
import { initI18n } from '../../../../src/i18n/index.ts';
import { OrderLineLayer, type OrderLayerHandle } from '../../../../src/chart/order-line-layer.tsx';
import { chartOrderLines } from '../../../../src/chart/order-lines.ts';
import { appOrder } from '../../../fixtures/orders.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('lightweight-charts', () => ({ LineStyle: { Solid: 0, Dashed: 2, LargeDashed: 3 } }));

const held = appOrder({ Id: 7, OrderType: 1, Status: 1, Price: '1.08500', TargetProfitPrice: '1.09000' }); // EUR/USD
let scale = 0; // the price scale's shift: each tick moves it a little
const series = {
  priceToCoordinate: (p: number) => 100 + (1.09 - p) * 10_000 + scale,
  coordinateToPrice: (y: number) => 1.09 - (y - 100) / 10_000,
  createPriceLine: () => ({ applyOptions: () => undefined }),
  removePriceLine: vi.fn(),
} as unknown as ISeriesApi<'Candlestick'>;

let root: Root | null = null;
/** The series of the chart standing now (null once candle-chart.tsx released it). */
let standing: ISeriesApi<'Candlestick'> | null = series;
let host: HTMLElement;
const reads = { tags: 0 };
const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
  // Every tag 20 px high (happy-dom lays nothing out), each read counted.
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.classList.contains('tw-oline')) {
        reads.tags++;
        return 20;
      }
      return offsetHeight?.get?.call(this) ?? 0;
    },
  });
  return () => {
    if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
  };
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
  standing = series;
  vi.mocked(series.removePriceLine).mockClear();
});

function draw(lines = chartOrderLines([held], [], 1), drawnOn: ISeriesApi<'Candlestick'> | null = series) {
  const ref = createRef<OrderLayerHandle>();
  const layer = (
    <OrderLineLayer
      ref={ref}
      lines={lines}
      series={drawnOn}
      seriesNow={() => standing}
      box={host}
      plotHeight={() => 400}
      precision={5}
      up="#0f0"
      down="#f00"
      draggable={false}
    />
  );
  act(() => root?.render(layer));
  return ref;
}

describe('OrderLineLayer per tick', () => {
  it('moves its tags on every place() but reads each tag’s height once per render', () => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    const ref = draw();
    const tags = [...host.querySelectorAll<HTMLElement>('.tw-oline')];
    expect(tags).toHaveLength(2); // the entry and its take-profit
    reads.tags = 0;
    const tops: string[] = [];
    for (let tick = 1; tick <= 5; tick++) {
      scale = tick;
      ref.current?.place();
      tops.push(tags[0]?.style.top ?? '');
    }
    // Each tick moved the tag with the scale …
    expect(new Set(tops).size).toBe(5);
    // … and read no height: the first render's reading served them all.
    expect(reads.tags).toBe(0);
  });

  it('reads the heights again after a render (a tag’s text may have changed its size)', () => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    const ref = draw();
    reads.tags = 0;
    const moved = appOrder({ ...held, TargetProfitPrice: '1.09500' });
    draw(chartOrderLines([moved], [], 1));
    ref.current?.place();
    expect(reads.tags).toBe(2);
  });
});

describe('OrderLineLayer when its chart goes', () => {
  function mount() {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    draw();
  }

  it('takes nothing off a released chart: the series gone with it is not touched', () => {
    mount();
    standing = null; // candle-chart.tsx's cleanup: the chart released, then the layer told
    draw(undefined, null);
    expect(series.removePriceLine).not.toHaveBeenCalled();
  });

  it('takes its two lines off a chart that stands on', () => {
    mount();
    act(() => root?.unmount());
    root = null;
    expect(series.removePriceLine).toHaveBeenCalledTimes(2); // the entry and its take-profit
  });
});
