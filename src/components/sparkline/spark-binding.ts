// Binds the block canvases to the page; loaded once series arrive, so no drawing is first-screen code.
import { effect } from '@preact/signals-react';
import { $sparklines } from '../../state/feed/feed-signals.ts';
import { $updown } from '../../state/settings/updown.ts';
import { resetSparklineColours } from './draw-sparkline.ts';
import { sparklineDraws, type DrawQueue } from './draw-queue.ts';
import { SparkBlocks, type SparkCellBox, type SparkRowState } from './spark-blocks.ts';

export interface SparkBindingOptions {
  scroller: HTMLElement;
  layer: HTMLElement;
  rowHeight: number;
  /** Rows drawn beyond each edge (the list's overscan), so a row scrolling in has its line already. */
  overscanRows: number;
  queue?: DrawQueue | undefined;
}

export interface SparkBinding {
  /** The list's codes, in row order (the rows in view are looked at again). */
  setCodes(codes: readonly string[]): void;
  /** Reads the scroller's offset again (after it was put back). */
  inView(): void;
  dispose(): void;
}

function relative(inner: DOMRect, outer: DOMRect): SparkCellBox {
  return { x: inner.left - outer.left, y: inner.top - outer.top, width: inner.width, height: inner.height };
}

/** In `a`'s coordinates; null when they do not meet. */
function overlap(a: DOMRect, b: DOMRect): SparkCellBox | null {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.right, b.right);
  const bottom = Math.min(a.bottom, b.bottom);
  if (right <= left || bottom <= top) return null;
  return { x: left - a.left, y: top - a.top, width: right - left, height: bottom - top };
}

export function bindSparkBlocks({
  scroller: sc,
  layer: ly,
  rowHeight,
  overscanRows,
  queue = sparklineDraws,
}: SparkBindingOptions): SparkBinding {
  const rowEl = (code: string): HTMLElement | null =>
    sc.querySelector<HTMLElement>(`.mk-row[data-code="${code.replace(/["\\]/g, '\\$&')}"]`);
  const blocks = new SparkBlocks(ly, rowHeight, {
    queue,
    series: (code) => $sparklines.peek()[code],
    cell: () => {
      const cell = sc.querySelector<HTMLElement>('.mk-slot .mk-spark');
      const slot = cell?.closest('.mk-slot');
      if (!cell || !slot) return null;
      const box = cell.getBoundingClientRect();
      const x = box.left - ly.getBoundingClientRect().left;
      return { ...relative(box, slot.getBoundingClientRect()), x };
    },
    row: (code): SparkRowState => {
      const row = rowEl(code);
      if (row?.dataset.stale !== 'true') return { stale: false, hole: null };
      // A stale row's clock tag may run over the cell on a narrow screen: it stays readable above the line.
      const tag = row.querySelector('.mk-stale');
      const cell = row.querySelector('.mk-spark');
      const hole = tag && cell ? overlap(cell.getBoundingClientRect(), tag.getBoundingClientRect()) : null;
      return { stale: true, hole };
    },
    createCanvas: () => sc.ownerDocument.createElement('canvas'),
    dpr: () => globalThis.devicePixelRatio || 1,
  });

  const onScroll = (): void => {
    const h = sc.clientHeight;
    if (h === 0) return; // hidden (a kept-alive list): keep what it had
    const top = sc.scrollTop;
    blocks.setRows(Math.floor(top / rowHeight) - overscanRows, Math.floor((top + h - 1) / rowHeight) + overscanRows);
  };
  sc.addEventListener('scroll', onScroll, { passive: true });
  // A new height shows more rows; a new width moves the cell.
  const resize =
    typeof ResizeObserver === 'function' ? new ResizeObserver(() => (onScroll(), blocks.invalidate())) : null;
  resize?.observe(sc);
  // Rows mounting (the first fill, the one-click pair coming or going) and a row turning stale or fresh: draw again.
  const rows = new MutationObserver(() => blocks.invalidate());
  rows.observe(sc, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-stale'] });
  const dir = new MutationObserver(() => blocks.invalidate());
  dir.observe(sc.ownerDocument.documentElement, { attributes: true, attributeFilter: ['dir'] });
  const stopSeries = effect(() => {
    void $sparklines.value;
    blocks.seriesChanged();
  });
  // The line colours are CSS variables: they change with the colour scheme and the up/down preference.
  const recolour = (): void => {
    resetSparklineColours();
    blocks.invalidate();
  };
  const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  media?.addEventListener('change', recolour);
  let first = true;
  const stopUpdown = effect(() => {
    void $updown.value;
    if (first) first = false;
    else recolour();
  });

  return {
    setCodes: (codes) => {
      blocks.setCodes(codes);
      onScroll(); // the rows in view for these codes
    },
    inView: onScroll,
    dispose: () => {
      sc.removeEventListener('scroll', onScroll);
      resize?.disconnect();
      rows.disconnect();
      dir.disconnect();
      stopSeries();
      stopUpdown();
      media?.removeEventListener('change', recolour);
      blocks.dispose();
    },
  };
}
