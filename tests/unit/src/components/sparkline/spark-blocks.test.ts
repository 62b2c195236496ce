// The list's sparklines are drawn ONE canvas per block of rows in view (spark-binding.ts): a screenful of rows is one or
// two canvases, each row's line lands in its own row's cell of the strip, a block scrolled away goes, a series change
// redraws only the block that holds it, and a stale row's line is faded with its clock tag left clear.
import { describe, expect, it } from 'vitest';
import { DrawQueue, type Frames } from '../../../../../src/components/sparkline/draw-queue.ts';
import {
  BLOCK_ROWS,
  SparkBlocks,
  STALE_ALPHA,
  type SparkCellBox,
  type SparkRowState,
} from '../../../../../src/components/sparkline/spark-binding.ts';

const ROW_H = 68;
const CELL: SparkCellBox = { x: 200, y: 20, width: 64, height: 28 };

function fakeFrames() {
  const waiting: (() => void)[] = [];
  const frames: Frames = { request: (cb) => void waiting.push(cb), now: () => 0 };
  return { frames, runFrame: () => waiting.splice(0).forEach((cb) => cb()) };
}

/** A 2D context that records where each line starts and with what opacity it is stroked. */
function recordingContext() {
  const lines: { y: number; alpha: number }[] = [];
  let startY = 0;
  const ctx = {
    globalAlpha: 1,
    clears: 0,
    clips: 0,
    clearRect() {
      ctx.clears++;
    },
    beginPath() {},
    moveTo(_x: number, y: number) {
      startY = y;
    },
    lineTo() {},
    closePath() {},
    stroke() {
      lines.push({ y: startY, alpha: ctx.globalAlpha });
    },
    fill() {},
    save() {},
    restore() {},
    rect() {},
    clip() {
      ctx.clips++;
    },
    createLinearGradient: () => ({ addColorStop() {} }),
  };
  return { ctx, lines };
}

interface Setup {
  codes?: string[];
  series?: Record<string, Float32Array>;
  cell?: SparkCellBox | null;
  rows?: Record<string, SparkRowState>;
}

function setup({ codes = [], series = {}, cell = CELL, rows = {} }: Setup = {}) {
  const f = fakeFrames();
  const queue = new DrawQueue(f.frames, 1000);
  const layer = document.createElement('div');
  document.body.append(layer);
  const contexts = new Map<HTMLCanvasElement, ReturnType<typeof recordingContext>>();
  const state = { series, cell, rows };
  const blocks = new SparkBlocks(layer, ROW_H, {
    queue,
    series: (code) => state.series[code],
    cell: () => state.cell,
    row: (code) => state.rows[code] ?? { stale: false, hole: null },
    createCanvas: () => {
      const canvas = document.createElement('canvas');
      const rec = recordingContext();
      contexts.set(canvas, rec);
      Object.defineProperty(canvas, 'getContext', { value: () => rec.ctx });
      return canvas;
    },
    dpr: () => 1,
  });
  blocks.setCodes(codes);
  const canvases = () => [...layer.querySelectorAll('canvas')];
  return { blocks, layer, queue, state, canvases, contexts, runFrame: f.runFrame };
}

const codes = (n: number) => Array.from({ length: n }, (_, i) => `C${i}`);
const seriesFor = (list: string[]) => Object.fromEntries(list.map((c, i) => [c, new Float32Array([1, 2 + i, 3])]));

describe('SparkBlocks', () => {
  it('draws a screenful of rows into one canvas, each line in its own row of the strip', () => {
    const list = codes(100);
    const t = setup({ codes: list, series: seriesFor(list) });
    t.blocks.setRows(0, 12); // 13 rows: the desk's screenful with its overscan
    expect(t.canvases()).toHaveLength(1);
    t.runFrame();
    const [canvas] = t.canvases();
    const rec = t.contexts.get(canvas as HTMLCanvasElement);
    expect(rec?.lines).toHaveLength(BLOCK_ROWS);
    // Row i's line starts inside row i's cell: y between i × row height and that plus the cell's height.
    rec?.lines.forEach((l, i) => {
      expect(l.y).toBeGreaterThanOrEqual(i * ROW_H);
      expect(l.y).toBeLessThanOrEqual(i * ROW_H + CELL.height);
    });
    // The strip sits over the cells: the cell's column, from the first row's cell to the last row's.
    expect(canvas?.hidden).toBe(false);
    expect(canvas?.style.left).toBe('200px');
    expect(canvas?.style.top).toBe('20px');
    expect(canvas?.style.height).toBe(`${(BLOCK_ROWS - 1) * ROW_H + CELL.height}px`);
  });

  it('keeps only the blocks in view while the list scrolls', () => {
    const list = codes(100);
    const t = setup({ codes: list, series: seriesFor(list) });
    t.blocks.setRows(10, 22); // across the first two blocks
    expect(t.canvases()).toHaveLength(2);
    t.blocks.setRows(40, 52); // blocks 2 and 3
    expect(t.canvases()).toHaveLength(2);
    expect(t.canvases().map((c) => c.style.top)).toEqual(['', '']); // placed on their first draw
    t.runFrame();
    expect(t.canvases().map((c) => c.style.top)).toEqual([
      `${2 * BLOCK_ROWS * ROW_H + CELL.y}px`,
      `${3 * BLOCK_ROWS * ROW_H + CELL.y}px`,
    ]);
    t.blocks.dispose();
    expect(t.canvases()).toHaveLength(0);
  });

  it('the last block is only as tall as the rows left, so it never lengthens the list', () => {
    const list = codes(20);
    const t = setup({ codes: list, series: seriesFor(list) });
    t.blocks.setRows(10, 25);
    t.runFrame();
    const last = t.canvases()[1];
    expect(last?.style.height).toBe(`${3 * ROW_H + CELL.height}px`); // 4 rows left
    expect(t.contexts.get(last as HTMLCanvasElement)?.lines).toHaveLength(4);
  });

  it('redraws only the block whose series changed, and nothing when no series did', () => {
    const list = codes(100);
    const t = setup({ codes: list, series: seriesFor(list) });
    t.blocks.setRows(10, 22);
    t.runFrame();
    expect(t.queue.size).toBe(0);
    t.blocks.seriesChanged(); // a new map with the same arrays: nothing to draw
    expect(t.queue.size).toBe(0);
    t.state.series = { ...t.state.series, C20: new Float32Array([3, 2, 1]) }; // a row of the second block
    t.blocks.seriesChanged();
    expect(t.queue.size).toBe(1);
    const [first, second] = t.canvases();
    const before = t.contexts.get(first as HTMLCanvasElement)?.ctx.clears;
    t.runFrame();
    expect(t.contexts.get(first as HTMLCanvasElement)?.ctx.clears).toBe(before);
    expect(t.contexts.get(second as HTMLCanvasElement)?.ctx.clears).toBe(2);
  });

  it('fades a stale row and leaves its clock tag clear', () => {
    const list = codes(16);
    const t = setup({
      codes: list,
      series: seriesFor(list),
      rows: { C3: { stale: true, hole: { x: 0, y: 14, width: 20, height: 14 } } },
    });
    t.blocks.setRows(0, 12);
    t.runFrame();
    const rec = t.contexts.get(t.canvases()[0] as HTMLCanvasElement);
    expect(rec?.lines.map((l) => l.alpha)).toEqual(list.map((c) => (c === 'C3' ? STALE_ALPHA : 1)));
    expect(rec?.ctx.clips).toBe(1);
  });

  it('draws nothing where the rows have no sparkline cell (the desk with its one-click pair)', () => {
    const list = codes(40);
    const t = setup({ codes: list, series: seriesFor(list), cell: null });
    t.blocks.setRows(0, 12);
    t.runFrame();
    const [canvas] = t.canvases();
    expect(canvas?.hidden).toBe(true);
    expect(t.contexts.get(canvas as HTMLCanvasElement)?.lines).toHaveLength(0);
    t.state.cell = CELL; // the pair went away: the rows mounting again say so (spark-binding.ts)
    t.blocks.recheck();
    t.runFrame();
    expect(canvas?.hidden).toBe(false);
  });

  it('looks again when rows mount, and paints only a block whose cell, staleness or series moved', () => {
    const list = codes(40);
    const t = setup({ codes: list, series: seriesFor(list) });
    t.blocks.setRows(0, 12);
    t.runFrame();
    const rec = t.contexts.get(t.canvases()[0] as HTMLCanvasElement);
    const clears = () => rec?.ctx.clears;
    expect(clears()).toBe(1);
    t.blocks.recheck(); // a list shown again remounts its rows' text: nothing the strip shows moved
    t.runFrame();
    expect(clears()).toBe(1);
    t.state.cell = { ...CELL, x: 210 }; // the one-click pair came: the cell moved
    t.blocks.recheck();
    t.runFrame();
    expect(clears()).toBe(2);
    expect(t.canvases()[0]?.style.left).toBe('210px');
    t.state.rows = { C2: { stale: true, hole: null } };
    t.blocks.recheck(); // the row's data-stale turned while the list was hidden: the list looks again when shown
    t.runFrame();
    expect(clears()).toBe(3);
    expect(rec?.lines.slice(-BLOCK_ROWS).map((l) => l.alpha)[2]).toBe(STALE_ALPHA);
    t.blocks.invalidate(); // colours: painted whatever it reads
    t.runFrame();
    expect(clears()).toBe(4);
  });

  it('takes the same codes in a new array as no change', () => {
    const list = codes(40);
    const t = setup({ codes: list, series: seriesFor(list) });
    t.blocks.setRows(0, 12);
    t.runFrame();
    expect(t.blocks.setCodes([...list])).toBe(false);
    expect(t.queue.size).toBe(0);
    expect(t.blocks.setCodes([...list].reverse())).toBe(true);
    expect(t.queue.size).toBe(1);
  });
});
