// Plain candles while the library loads, in the same box so nothing moves (docs/worker.md "Cache between visits").
import { get } from 'idb-keyval';
import type { KlineBar, Period } from '../../domain/types.ts';

// The chart font, also without the library: lazy-chart.tsx warms it before lightweight-charts is loaded.

/** The library's own default, named so the warm-up measures in the same font. */
export const CHART_FONT_FAMILY = `-apple-system, BlinkMacSystemFont, 'Trebuchet MS', Roboto, Ubuntu, sans-serif`;
export const CHART_FONT_SIZE = 11;

/** A font's first measurement is costly: done in its own task so it stays out of the library's first drawing. */
export function warmChartFont(doc: Document = document): void {
  const ctx = doc.createElement('canvas').getContext('2d');
  if (!ctx) return;
  ctx.font = `${CHART_FONT_SIZE}px ${CHART_FONT_FAMILY}`;
  ctx.measureText('0123456789.,:-+%');
}

/** Fixed, wide enough for "67250.00"; chart-theme.ts gives the chart the same. */
export const PRICE_SCALE_PX = 64;

/** Also what the library leaves on the right for its price scale (css px). */
const SLOT_PX = 7;
const PAD_Y = 12;

/** None on a first visit, without IndexedDB, or for a broken record. */
export async function storedBars(code: string, period: Period): Promise<KlineBar[]> {
  try {
    const bars: unknown = await get(`tw.klines.${code}.${period}`);
    return Array.isArray(bars) ? (bars as KlineBar[]).filter((b) => Number.isFinite(b?.High)) : [];
  } catch {
    return [];
  }
}

/** css px, the context scaled for the device. Returns how many. */
export function drawBars(
  ctx: CanvasRenderingContext2D,
  bars: readonly KlineBar[],
  width: number,
  height: number,
  colours: { up: string; down: string },
): number {
  ctx.clearRect(0, 0, width, height);
  const fit = Math.max(0, Math.floor((width - PRICE_SCALE_PX) / SLOT_PX));
  const shown = bars.slice(-fit);
  if (shown.length === 0 || height <= 2 * PAD_Y) return 0;
  const lo = Math.min(...shown.map((b) => b.Low));
  const hi = Math.max(...shown.map((b) => b.High));
  const span = hi - lo || 1;
  const y = (v: number): number => PAD_Y + ((hi - v) / span) * (height - 2 * PAD_Y);
  const body = SLOT_PX - 2;
  shown.forEach((b, i) => {
    const x = width - PRICE_SCALE_PX - (shown.length - i) * SLOT_PX;
    ctx.fillStyle = b.Close >= b.Open ? colours.up : colours.down;
    ctx.fillRect(x + Math.floor(body / 2), y(b.High), 1, Math.max(1, y(b.Low) - y(b.High)));
    const top = y(Math.max(b.Open, b.Close));
    ctx.fillRect(x, top, body, Math.max(1, y(Math.min(b.Open, b.Close)) - top));
  });
  return shown.length;
}
