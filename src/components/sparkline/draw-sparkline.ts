// Called only when a list block mounts or a series in it changes, never per tick (spark-binding.ts).
import { sparklinePoints, sparklineTrend } from './sparkline-path.ts';

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

/** The colour scheme changed: the next draw reads the variables again. */
export function resetSparklineColours(): void {
  palette = null;
}

/** In canvas pixels; `alpha` fades a stale row's. */
export interface SparkCell {
  x: number;
  y: number;
  width: number;
  height: number;
  dpr: number;
  alpha: number;
}

/** Clears nothing: the caller clears a block's canvas once for all its cells. */
export function paintSparkline(
  ctx: CanvasRenderingContext2D,
  series: ArrayLike<number> | undefined,
  cell: SparkCell,
): void {
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
