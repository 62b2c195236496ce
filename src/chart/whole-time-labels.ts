// The time axis shows whole labels only (docs/screens.md "The chart"). lightweight-charts centres each label on its
// bar and lets its axis canvas cut a label whose bar is near either edge: "1-01" for "11-01" at the left edge of a
// 2×2 grid cell, "12:0" at the right edge after a scroll into history. It moves such a label inward only when both
// edges are fixed (no scroll), and has no option to leave it out; the axis's labels are its own, so no formatter or
// option can reach them. So the one canvas that draws the labels (the time axis's lower canvas; the crosshair's time
// label is on the upper one and keeps itself inside) skips a centred text that would not fit whole on it.
import type { IChartApi } from 'lightweight-charts';

/** Half a device pixel of anti-aliasing at either edge is not a cut. */
const EDGE_SLACK_PX = 0.5;

type Axis = Pick<CanvasRenderingContext2D, 'fillText' | 'measureText' | 'textAlign' | 'getTransform'> & {
  readonly canvas: { readonly width: number };
};

/** Whether a text `width` wide (in the context's units), drawn at `x` with `align`, stays on a canvas of `canvasWidth`
 * device pixels, the context's transform (`a` scale, `e` offset) applied. */
export function fitsOnAxis(
  x: number,
  width: number,
  align: CanvasTextAlign,
  transform: { a: number; e: number },
  canvasWidth: number,
): boolean {
  if (align !== 'center') return true; // the library centres its labels; anything else is drawn as asked
  const left = transform.a * (x - width / 2) + transform.e;
  const right = transform.a * (x + width / 2) + transform.e;
  return left >= -EDGE_SLACK_PX && right <= canvasWidth + EDGE_SLACK_PX;
}

/** Makes `ctx` skip a centred label that would be cut at its canvas's edge. */
export function skipCutLabels(ctx: Axis): void {
  const fill = ctx.fillText.bind(ctx);
  ctx.fillText = (text: string, x: number, y: number, maxWidth?: number) => {
    if (!fitsOnAxis(x, ctx.measureText(text).width, ctx.textAlign, ctx.getTransform(), ctx.canvas.width)) return;
    if (maxWidth === undefined) fill(text, x, y);
    else fill(text, x, y, maxWidth);
  };
}

/**
 * The time axis's label canvas of `chart`: the library builds its table with the time axis as the last row, its
 * middle cell holding the labels' canvas and, above it, the crosshair's (lightweight-charts 5, time-axis-widget).
 * Null when the chart has no such row (a test's stand-in).
 */
function timeAxisCanvas(chart: Pick<IChartApi, 'chartElement'>): HTMLCanvasElement | null {
  const table = chart.chartElement().querySelector('table');
  const row = table?.rows[table.rows.length - 1];
  return row?.cells[1]?.querySelector('canvas') ?? null;
}

/** Once, after the chart is created: its time axis draws whole labels only. */
export function keepTimeLabelsWhole(chart: Pick<IChartApi, 'chartElement'>): void {
  const ctx = timeAxisCanvas(chart)?.getContext('2d');
  if (ctx) skipCutLabels(ctx);
}
