// The candlestick chart as a chunk of its own: lightweight-charts is most of /trade's JS, and the header price, the
// period bar and the order form need none of it. They draw first; the chart box keeps its place (no layout shift)
// until the library arrives.
import { lazy, Suspense, type ReactElement } from 'react';
import { useAfterFirstCommit } from '../hooks/use-after-first-commit.ts';
import type { CandleChartProps } from './candle-chart.tsx';
import { browserChunkDeps, loadChunk } from '../../app/chunk-retry.ts';
import './candle-chart.css';

// Retried like a route's chunk when the server is away (React.lazy keeps a rejection for good).
const CandleChart = lazy(async () => ({
  default: await loadChunk(async () => (await import('./candle-chart.tsx')).CandleChart, browserChunkDeps()),
}));

export function LazyCandleChart(props: CandleChartProps): ReactElement {
  // The library is asked for after the screen's first commit: the header and the order form are drawn before its
  // download and evaluation begin.
  const committed = useAfterFirstCommit();
  const box = <div className="tw-chart" aria-busy="true" data-code={props.code ?? ''} data-period={props.period} />;
  if (!committed) return box;
  return (
    <Suspense fallback={box}>
      <CandleChart {...props} />
    </Suspense>
  );
}
