// The candlestick chart as a chunk of its own, off /trade's start-up path (docs/client.md "The chart off /trade's
// start-up path"): lightweight-charts is most of /trade's JS and its first draw the largest task after the first
// paint, and the header price, the period bar and the order form need none of it. They draw first, with a still
// picture of the last known bars in the chart's box (chart-picture.ts); the library is asked for at the first idle
// moment after that frame (or at once when the box is touched), and the chart takes the same box: nothing moves.
import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
} from 'react';
import type { CandleChartProps } from './candle-chart-props.ts';
import { browserChunkDeps, loadChunk } from '../components/hooks/chunk-retry.ts';
import { drawBars, storedBars } from './chart-picture.ts';
import { whenIdle } from './when-idle.ts';
import { warmChartFont } from './chart-font.ts';
import './candle-chart.css';

// Retried like a route's chunk when the server is away (React.lazy keeps a rejection for good).
const CandleChart = lazy(async () => ({
  default: await loadChunk(async () => (await import('./candle-chart.tsx')).CandleChart, browserChunkDeps()),
}));

/** The chart's box before the library: the same element and size, with the picture of the stored bars in it. */
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
  // False until the first idle moment after the screen's first commit (or a touch on the box): the header and the
  // order form are drawn and answer taps before the library's download, evaluation and first draw begin.
  const [load, setLoad] = useState(false);
  // A transition: React renders the chart's tree in slices of a few ms, not in one task with the library's set-up
  // (docs/client.md "Start-up in slices"); a touch on the box asks at once.
  // The axis font is measured first, in the idle callback's own task (chart-font.ts).
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
