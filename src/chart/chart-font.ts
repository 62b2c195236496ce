// The chart's axis font, here without the library (lazy-chart.tsx uses it before lightweight-charts is loaded).

/** The library's own default family, named so the warm-up below measures in the same font. */
export const CHART_FONT_FAMILY = `-apple-system, BlinkMacSystemFont, 'Trebuchet MS', Roboto, Ubuntu, sans-serif`;
export const CHART_FONT_SIZE = 11;

/**
 * Measures the axis labels' characters once, on a throwaway canvas, in a task of its own before the library's: the
 * browser's first measurement of text in a font (finding the font and its fallbacks) is costly, and would land in the
 * library's first drawing.
 */
export function warmChartFont(doc: Document = document): void {
  const ctx = doc.createElement('canvas').getContext('2d');
  if (!ctx) return;
  ctx.font = `${CHART_FONT_SIZE}px ${CHART_FONT_FAMILY}`;
  ctx.measureText('0123456789.,:-+%');
}
