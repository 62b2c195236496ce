// One small canvas per visible market row, drawn from $sparklines: no chart-library instance per row.
// It redraws only when this code's series object changes (or the colour scheme or up/down preference flips), never per tick, and the
// drawing itself waits for a frame with budget left (draw-queue.ts).
import { useLayoutEffect, useRef } from 'react';
import { effect } from '@preact/signals-react';
import { $sparklines } from '../../state/feed/feed-signals.ts';
import { $updown } from '../../state/settings/updown.ts';
import { drawSparkline, resetSparklineColours } from './draw-sparkline.ts';
import { sparklineDraws, type DrawQueue } from './draw-queue.ts';
import './sparkline.css';

export interface SparklineProps {
  code: string;
  width?: number; // CSS pixels; fixed so drawing never reads layout
  height?: number;
  /** Where draws wait for their frame (tests pass their own). */
  queue?: DrawQueue;
}

export function Sparkline({ code, width = 64, height = 28, queue = sparklineDraws }: SparklineProps) {
  const ref = useRef<HTMLCanvasElement>(null);

  useLayoutEffect(() => {
    const canvas = ref.current;
    if (!canvas) return undefined;
    let drawn: Float32Array | undefined;
    const redraw = (series: Float32Array | undefined) =>
      queue.enqueue(canvas, () => drawSparkline(canvas, series, width, height));
    const dispose = effect(() => {
      const series = $sparklines.value[code];
      // A new map arrives when any code's series changes: repaint only if ours is a different array.
      if (series === drawn) return;
      drawn = series;
      redraw(series);
    });
    // The line colours come from CSS variables, which change with the colour scheme.
    const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
    const onScheme = () => {
      resetSparklineColours();
      redraw(drawn);
    };
    media?.addEventListener('change', onScheme);
    // So does the up/down preference (data-updown on <html>): the same re-read.
    let first = true;
    const offUpdown = effect(() => {
      void $updown.value;
      if (first) first = false;
      else onScheme();
    });
    return () => {
      dispose();
      offUpdown();
      queue.cancel(canvas);
      media?.removeEventListener('change', onScheme);
    };
  }, [code, width, height, queue]);

  return <canvas ref={ref} className="tw-sparkline" style={{ width, height }} aria-hidden="true" />;
}
