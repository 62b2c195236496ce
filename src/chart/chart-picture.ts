// A still picture of the last known bars, drawn in the chart's box while the chart library is not loaded yet
// (lazy-chart.tsx; docs/client.md "The chart off /trade's start-up path"): the bars the feed keeps between visits
// (IndexedDB `tw.klines.{code}.{period}`, docs/worker.md "Cache between visits") as plain candles on one canvas,
// a few hundred fillRects, no library. The chart replaces it in the same box, so nothing moves.
import { get } from 'idb-keyval';
import type { KlineBar, Period } from '../../domain/types.ts';

/** The price scale's width (css px), the chart's too (chart-theme.ts): fixed, wide enough for "67250.00". */
export const PRICE_SCALE_PX = 64;

/** Width of one bar's slot, and what the library leaves on the right for its price scale (css px). */
const SLOT_PX = 7;
const SCALE_PX = PRICE_SCALE_PX;
const PAD_Y = 12;

export interface PictureColours {
  up: string;
  down: string;
}

/** The bars the feed cached for this chart, or none (a first visit, no IndexedDB, a broken record). */
export async function storedBars(code: string, period: Period): Promise<KlineBar[]> {
  try {
    const bars: unknown = await get(`tw.klines.${code}.${period}`);
    return Array.isArray(bars) ? (bars as KlineBar[]).filter((b) => Number.isFinite(b?.High)) : [];
  } catch {
    return [];
  }
}

/** Draws the newest bars that fit `width`×`height` (css px, the context scaled for the device). Returns how many. */
export function drawBars(
  ctx: CanvasRenderingContext2D,
  bars: readonly KlineBar[],
  width: number,
  height: number,
  colours: PictureColours,
): number {
  ctx.clearRect(0, 0, width, height);
  const fit = Math.max(0, Math.floor((width - SCALE_PX) / SLOT_PX));
  const shown = bars.slice(-fit);
  if (shown.length === 0 || height <= 2 * PAD_Y) return 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (const b of shown) {
    if (b.Low < lo) lo = b.Low;
    if (b.High > hi) hi = b.High;
  }
  const span = hi - lo || 1;
  const y = (v: number): number => PAD_Y + ((hi - v) / span) * (height - 2 * PAD_Y);
  const body = SLOT_PX - 2;
  shown.forEach((b, i) => {
    const x = width - SCALE_PX - (shown.length - i) * SLOT_PX;
    ctx.fillStyle = b.Close >= b.Open ? colours.up : colours.down;
    ctx.fillRect(x + Math.floor(body / 2), y(b.High), 1, Math.max(1, y(b.Low) - y(b.High)));
    const top = y(Math.max(b.Open, b.Close));
    ctx.fillRect(x, top, body, Math.max(1, y(Math.min(b.Open, b.Close)) - top));
  });
  return shown.length;
}
