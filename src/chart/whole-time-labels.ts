// The library cuts edge labels and has no option to drop them: its canvas skips them (docs/screens.md "The chart").
import type { IChartApi } from 'lightweight-charts';

/** Half a device pixel of anti-aliasing at either edge is not a cut. */
const EDGE_SLACK_PX = 0.5;

type Axis = Pick<CanvasRenderingContext2D, 'fillText' | 'measureText' | 'textAlign' | 'getTransform'> & {
  readonly canvas: { readonly width: number };
};

/** `canvasWidth` in device pixels, with the context's transform (`a` scale, `e` offset) applied. */
export function fitsOnAxis(
  x: number,
  width: number,
  align: CanvasTextAlign,
  transform: { a: number; e: number },
  canvasWidth: number,
): boolean {
  if (align !== 'center') return true; // the library centres its labels
  const left = transform.a * (x - width / 2) + transform.e;
  const right = transform.a * (x + width / 2) + transform.e;
  return left >= -EDGE_SLACK_PX && right <= canvasWidth + EDGE_SLACK_PX;
}

export function skipCutLabels(ctx: Axis): void {
  const fill = ctx.fillText.bind(ctx);
  ctx.fillText = (text: string, x: number, y: number, maxWidth?: number) => {
    if (!fitsOnAxis(x, ctx.measureText(text).width, ctx.textAlign, ctx.getTransform(), ctx.canvas.width)) return;
    if (maxWidth === undefined) fill(text, x, y);
    else fill(text, x, y, maxWidth);
  };
}

/** lightweight-charts 5: the time axis is its table's last row, the middle cell holding the labels' canvas. */
export function keepTimeLabelsWhole(chart: Pick<IChartApi, 'chartElement'>): void {
  const table = chart.chartElement().querySelector('table');
  const ctx = table?.rows[table.rows.length - 1]?.cells[1]?.querySelector('canvas')?.getContext('2d');
  if (ctx) skipCutLabels(ctx);
}
