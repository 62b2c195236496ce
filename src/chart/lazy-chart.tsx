// A chunk of its own, off /trade's start-up path (docs/client.md "The chart off /trade's start-up path").
import { type ReactElement, startTransition, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CandleChartProps } from './candle-chart.tsx';
import { lazyChunk } from '../components/hooks/chunk-retry.ts';
import { drawBars, storedBars, warmChartFont } from './chart-picture.ts';
import './candle-chart.css';

// The next frame first (the screen paints), then an idle period, capped so a busy page still gets its chart.
export const IDLE_CAP_MS = 1500;

interface IdleWindow {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
  requestAnimationFrame: (cb: () => void) => number;
  cancelAnimationFrame: (id: number) => void;
  setTimeout: (cb: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
}

export function whenIdle(run: () => void, win: IdleWindow = window): () => void {
  let cancel = (): void => undefined;
  const frame = win.requestAnimationFrame(() => {
    if (win.requestIdleCallback) {
      const id = win.requestIdleCallback(run, { timeout: IDLE_CAP_MS });
      cancel = () => win.cancelIdleCallback?.(id);
    } else {
      const id = win.setTimeout(run, 50);
      cancel = () => win.clearTimeout(id);
    }
  });
  cancel = () => win.cancelAnimationFrame(frame);
  return () => cancel();
}

const CandleChart = lazyChunk(async () => (await import('./candle-chart.tsx')).CandleChart);

/** The same element and size as the chart's box, so nothing moves when the chart takes it (chart-picture.ts). */
function ChartPicture({ code, period, onTouch }: Pick<CandleChartProps, 'code' | 'period'> & { onTouch?: () => void }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const canvas = ref.current;
    if (!canvas || !code) return undefined;
    let live = true;
    void storedBars(code, period).then((bars) => {
      const box = canvas.parentElement;
      const ctx = canvas.getContext('2d');
      if (!live || !box || !ctx || bars.length === 0) return;
      const { width, height } = box.getBoundingClientRect();
      const dpr = window.devicePixelRatio || 1;
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      ctx.scale(dpr, dpr);
      const css = getComputedStyle(box);
      const colours = {
        up: css.getPropertyValue('--up') || '#0a8f5a',
        down: css.getPropertyValue('--down') || '#d2334c',
      };
      canvas.dataset.bars = String(drawBars(ctx, bars, width, height, colours));
    });
    return () => {
      live = false;
    };
  }, [code, period]);
  return (
    <div
      className="tw-chart"
      aria-busy="true"
      data-code={code ?? ''}
      data-period={period}
      data-picture=""
      onPointerDown={onTouch}
    >
      <canvas ref={ref} className="tw-chart-picture" aria-hidden="true" />
    </div>
  );
}

export function LazyCandleChart(props: CandleChartProps): ReactElement {
  // So the header and order form draw and answer taps before the library's download, evaluation and first draw.
  const [load, setLoad] = useState(false);
  // A transition renders the chart's tree in slices (docs/client.md "Start-up in slices"); a touch asks at once.
  useEffect(
    () =>
      whenIdle(() => {
        warmChartFont();
        startTransition(() => setLoad(true));
      }),
    [],
  );
  const picture = <ChartPicture code={props.code} period={props.period} onTouch={() => setLoad(true)} />;
  if (!load) return picture;
  return (
    <Suspense fallback={picture}>
      <CandleChart {...props} />
    </Suspense>
  );
}
