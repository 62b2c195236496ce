// Binds the block canvases to the page; loaded once series arrive, so no drawing is first-screen code.
import { effect } from '@preact/signals-react';
import { $sparklines } from '../../state/feed/feed-signals.ts';
import { $updown } from '../../state/settings/updown.ts';
import { onColourChange } from './colour-change.ts';
import { sparklinePoints, sparklineTrend } from './sparkline-path.ts';
import { sparklineDraws, type DrawQueue } from './draw-queue.ts';

// Called only when a list block mounts or a series in it changes, never per tick.
interface Palette {
  up: string;
  down: string;
  flat: string;
}

// Read once: getComputedStyle after rows mount forces a style recalculation, and a fast scroll mounts many rows.
let palette: Palette | null = null;

function readPalette(): Palette {
  const style = getComputedStyle(document.documentElement);
  const pick = (name: string): string => style.getPropertyValue(name).trim() || 'currentColor';
  return { up: pick('--up'), down: pick('--down'), flat: pick('--text-muted') };
}

/** Clears nothing: the caller clears a block's canvas once for all its cells. */
function paintSparkline(ctx: CanvasRenderingContext2D, series: ArrayLike<number> | undefined, cell: SparkCell): void {
  if (!series || series.length === 0) return;
  const { x, y, width: w, height: h, dpr } = cell;
  const pts = sparklinePoints(series, { width: w, height: h, pad: 1.5 * dpr });
  if (pts.length < 4) return;
  const trend = sparklineTrend(series);
  palette ??= readPalette();
  const colour = trend === 'up' ? palette.up : trend === 'down' ? palette.down : palette.flat;

  ctx.beginPath();
  ctx.moveTo(x + (pts[0] as number), y + (pts[1] as number));
  for (let i = 2; i < pts.length; i += 2) ctx.lineTo(x + (pts[i] as number), y + (pts[i + 1] as number));

  ctx.globalAlpha = cell.alpha;
  ctx.lineWidth = 1.25 * dpr;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.strokeStyle = colour;
  ctx.stroke();

  ctx.lineTo(x + (pts[pts.length - 2] as number), y + h);
  ctx.lineTo(x + (pts[0] as number), y + h);
  ctx.closePath();
  const gradient = ctx.createLinearGradient(0, y, 0, y + h);
  gradient.addColorStop(0, colour);
  gradient.addColorStop(1, 'transparent');
  ctx.globalAlpha = 0.2 * cell.alpha;
  ctx.fillStyle = gradient;
  ctx.fill();
  ctx.globalAlpha = 1;
}

// One canvas per block of rows in view, not per row; drawn on view, series, staleness or geometry change, not per tick.
export const BLOCK_ROWS = 16;

/** A row's sparkline cell in CSS pixels: x from the block layer's left edge, y from the row's top. */
export interface SparkCellBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** In canvas pixels; `alpha` fades a stale row's. */
interface SparkCell extends SparkCellBox {
  dpr: number;
  alpha: number;
}

export interface SparkRowState {
  stale: boolean;
  /** A part of the cell to leave undrawn (a stale row's clock tag running over it), in the cell's CSS pixels. */
  hole: SparkCellBox | null;
}

interface SparkBlocksDeps {
  queue: DrawQueue;
  series(code: string): ArrayLike<number> | undefined;
  /** The rows' cell, measured now; null when there is none to draw into. */
  cell(): SparkCellBox | null;
  row(code: string): SparkRowState;
  createCanvas(): HTMLCanvasElement;
  dpr(): number;
}

interface Block {
  canvas: HTMLCanvasElement;
  /** The series and staleness each row was last drawn with (by row in the block), to skip a redraw nothing asked for. */
  drawn: (ArrayLike<number> | undefined)[];
  stale: boolean[];
  /** The cell, the scale and the stale rows' holes it was drawn at. */
  at: string;
  /** The next draw paints even if nothing it reads changed (colours, direction). */
  force: boolean;
}

export const STALE_ALPHA = 0.45;

export class SparkBlocks {
  private readonly blocks = new Map<number, Block>();
  private codes: readonly string[] = [];
  private firstBlock = 0;
  private lastBlock = -1;

  constructor(
    private readonly layer: HTMLElement,
    private readonly rowHeight: number,
    private readonly deps: SparkBlocksDeps,
  ) {}

  /** False when the list is the same codes in the same order (a new array of them is no change). */
  setCodes(codes: readonly string[]): boolean {
    const same = codes.length === this.codes.length && codes.every((c, i) => c === this.codes[i]);
    this.codes = codes;
    if (same) return false;
    this.sync();
    this.invalidate();
    return true;
  }

  /** First and last index inclusive, overscan included. */
  setRows(first: number, last: number): void {
    const fb = Math.max(0, Math.floor(first / BLOCK_ROWS));
    const lb = Math.min(
      Math.floor((this.codes.length - 1) / BLOCK_ROWS),
      Math.floor(Math.max(first, last) / BLOCK_ROWS),
    );
    if (fb === this.firstBlock && lb === this.lastBlock) return;
    this.firstBlock = fb;
    this.lastBlock = lb;
    this.sync();
  }

  /** Draws every block again (new codes, new colours). */
  invalidate(): void {
    for (const [index, block] of this.blocks) this.draw(index, block, true);
  }

  /** Rows mounted or changed: each block is looked at in its frame and drawn only if what it shows moved. */
  recheck(): void {
    for (const [index, block] of this.blocks) this.draw(index, block, false);
  }

  /** New series arrived: redraws only the blocks holding a code whose series is a different array. */
  seriesChanged(): void {
    for (const [index, block] of this.blocks) {
      const start = index * BLOCK_ROWS;
      const codes = this.codes.slice(start, start + this.rowsOf(index));
      if (codes.some((code, i) => this.deps.series(code) !== block.drawn[i])) this.draw(index, block, true);
    }
  }

  dispose(): void {
    for (const block of this.blocks.values()) this.drop(block);
    this.blocks.clear();
  }

  private rowsOf(index: number): number {
    return Math.max(0, Math.min(BLOCK_ROWS, this.codes.length - index * BLOCK_ROWS));
  }

  private sync(): void {
    for (const [index, block] of this.blocks) {
      if (index < this.firstBlock || index > this.lastBlock || this.rowsOf(index) === 0) {
        this.drop(block);
        this.blocks.delete(index);
      }
    }
    for (let index = this.firstBlock; index <= this.lastBlock; index++) {
      if (this.blocks.has(index) || this.rowsOf(index) === 0) continue;
      const canvas = this.deps.createCanvas();
      canvas.className = 'mk-spark-block';
      canvas.setAttribute('aria-hidden', 'true');
      canvas.hidden = true; // until its first draw has placed it
      this.layer.append(canvas);
      const block: Block = { canvas, drawn: [], stale: [], at: '', force: true };
      this.blocks.set(index, block);
      this.draw(index, block, true);
    }
  }

  private drop(block: Block): void {
    this.deps.queue.cancel(block.canvas);
    block.canvas.remove();
  }

  private draw(index: number, block: Block, force: boolean): void {
    block.force ||= force;
    this.deps.queue.enqueue(block.canvas, () => this.paint(index, block));
  }

  private paint(index: number, block: Block): void {
    const { canvas } = block;
    const cell = this.deps.cell();
    const rows = this.rowsOf(index);
    if (!cell || cell.width === 0 || cell.height === 0 || rows === 0) {
      canvas.hidden = true;
      block.drawn = [];
      block.stale = [];
      block.at = '';
      return;
    }
    const dpr = Math.min(Math.max(this.deps.dpr() || 1, 1), 3);
    const start = index * BLOCK_ROWS;
    const codes = this.codes.slice(start, start + rows);
    const drawn = codes.map((code) => this.deps.series(code));
    const states = codes.map((code) => this.deps.row(code));
    const stale = states.map((state) => state.stale);
    const holes = states.map(({ hole: o }) => (o ? `${o.x},${o.y},${o.width},${o.height}` : ''));
    const at = `${cell.x},${cell.y},${cell.width},${cell.height},${dpr}:${holes.join(';')}`;
    const force = block.force;
    block.force = false;
    if (!force && at === block.at && drawn.every((d, i) => d === block.drawn[i] && stale[i] === block.stale[i])) return;
    // The strip runs from the first row's cell to the last row's: it never reaches past the list's last row.
    const cssHeight = (rows - 1) * this.rowHeight + cell.height;
    const w = Math.round(cell.width * dpr);
    const h = Math.round(cssHeight * dpr);
    const style = canvas.style;
    style.left = `${cell.x}px`;
    style.top = `${index * BLOCK_ROWS * this.rowHeight + cell.y}px`;
    style.width = `${cell.width}px`;
    style.height = `${cssHeight}px`;
    if (canvas.width !== w) canvas.width = w;
    if (canvas.height !== h) canvas.height = h;
    canvas.hidden = false;
    // A software canvas: drawn a few times a minute, it paints with the rows instead of holding a GPU layer of its own.
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return;
    ctx.clearRect(0, 0, w, h);
    const cellH = Math.round(cell.height * dpr);
    for (let i = 0; i < rows; i++) {
      const series = drawn[i];
      const state = states[i] as SparkRowState;
      const y = Math.round(i * this.rowHeight * dpr);
      const hole = state.hole;
      if (hole) {
        // Everything of the cell but the hole: the even-odd rule of the two rectangles.
        ctx.save();
        ctx.beginPath();
        ctx.rect(0, y, w, cellH);
        ctx.rect(hole.x * dpr, y + hole.y * dpr, hole.width * dpr, hole.height * dpr);
        ctx.clip('evenodd');
      }
      paintSparkline(ctx, series, { x: 0, y, width: w, height: cellH, dpr, alpha: state.stale ? STALE_ALPHA : 1 });
      if (hole) ctx.restore();
    }
    block.drawn = drawn;
    block.stale = stale;
    block.at = at;
  }
}

export type SparkBinding = ReturnType<typeof bindSparkBlocks>;

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

/** `overscanRows` as useSparkBlocks has it. */
export function bindSparkBlocks(sc: HTMLElement, ly: HTMLElement, rowHeight: number, overscanRows: number) {
  const rowEl = (code: string): HTMLElement | null =>
    sc.querySelector<HTMLElement>(`.mk-row[data-code="${code.replace(/["\\]/g, '\\$&')}"]`);
  const blocks = new SparkBlocks(ly, rowHeight, {
    queue: sparklineDraws,
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
  // The colours the canvases were last drawn in: a resume repaints only if they changed meanwhile.
  let updown = $updown.peek();
  const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  let dark = media?.matches;
  // The line colours are CSS variables: they change with the colour scheme and the up/down preference.
  const colours = (): void => {
    if (updown === $updown.peek() && dark === media?.matches) return;
    updown = $updown.peek();
    dark = media?.matches;
    palette = null; // the next draw reads the variables again
    blocks.invalidate();
  };
  // A new height shows more rows; a new width moves the cells.
  const resized = (): void => {
    onScroll();
    blocks.recheck();
  };

  const watch = (): (() => void) => {
    sc.addEventListener('scroll', onScroll, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(resized) : null;
    resize?.observe(sc);
    // Rows mounting (the first fill, the one-click pair coming or going) or turning stale or fresh: look again.
    const rows = new MutationObserver(() => blocks.recheck());
    rows.observe(sc, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-stale'] });
    const dir = new MutationObserver(() => blocks.recheck());
    dir.observe(sc.ownerDocument.documentElement, { attributes: true, attributeFilter: ['dir'] });
    const stopSeries = effect(() => {
      void $sparklines.value;
      blocks.seriesChanged();
    });
    const stopColours = onColourChange(colours);
    colours(); // changed while hidden
    return () => {
      sc.removeEventListener('scroll', onScroll);
      resize?.disconnect();
      rows.disconnect();
      dir.disconnect();
      stopSeries();
      stopColours();
    };
  };
  let unwatch: (() => void) | null = watch();

  return {
    /** The list's codes, in row order (the rows in view are looked at again). */
    setCodes: (codes: readonly string[]) => {
      if (blocks.setCodes(codes)) onScroll(); // the rows in view for these codes
    },
    /** The list is hidden (a kept-alive route under another): stop watching it, keep its canvases as drawn. */
    pause: () => {
      unwatch?.();
      unwatch = null;
    },
    /** Shown again: watch it, and redraw only what changed meanwhile (series, staleness, cells, colours). */
    resume: () => {
      if (unwatch) return;
      unwatch = watch();
      blocks.recheck(); // a row turned stale or the cells moved (a new language's direction) meanwhile
    },
    dispose: () => {
      unwatch?.();
      unwatch = null;
      blocks.dispose();
    },
  };
}
