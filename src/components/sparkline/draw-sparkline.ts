// Paints a sparkline (line plus soft area fill) onto a canvas at the device pixel ratio.
// Called only when a row mounts or its series changes, never per tick.
import { sparklinePoints, sparklineTrend } from './sparkline-path.ts';

interface Palette {
  up: string;
  down: string;
  flat: string;
}

// Read once, not per canvas: getComputedStyle right after a row mounts forces a style recalculation, and a fast
// scroll mounts many rows per frame. The theme's variables live on :root.
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

export function drawSparkline(
  canvas: HTMLCanvasElement,
  series: ArrayLike<number> | undefined,
  cssWidth: number,
  cssHeight: number,
): void {
  const dpr = Math.min(Math.max(globalThis.devicePixelRatio || 1, 1), 3);
  const w = Math.round(cssWidth * dpr);
  const h = Math.round(cssHeight * dpr);
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, w, h);
  if (!series || series.length === 0) return;

  const pts = sparklinePoints(series, { width: w, height: h, pad: 1.5 * dpr });
  if (pts.length < 4) return;
  const trend = sparklineTrend(series);
  palette ??= readPalette();
  const colour = trend === 'up' ? palette.up : trend === 'down' ? palette.down : palette.flat;

  ctx.beginPath();
  ctx.moveTo(pts[0] as number, pts[1] as number);
  for (let i = 2; i < pts.length; i += 2) ctx.lineTo(pts[i] as number, pts[i + 1] as number);

  ctx.lineWidth = 1.25 * dpr;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.strokeStyle = colour;
  ctx.stroke();

  // Close the same path down to the bottom edge for the area under the line.
  ctx.lineTo(pts[pts.length - 2] as number, h);
  ctx.lineTo(pts[0] as number, h);
  ctx.closePath();
  const gradient = ctx.createLinearGradient(0, 0, 0, h);
  gradient.addColorStop(0, colour);
  gradient.addColorStop(1, 'transparent');
  ctx.globalAlpha = 0.2;
  ctx.fillStyle = gradient;
  ctx.fill();
  ctx.globalAlpha = 1;
}
