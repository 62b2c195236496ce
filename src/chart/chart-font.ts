// Without the library: lazy-chart.tsx uses it before lightweight-charts is loaded.

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
