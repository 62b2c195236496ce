// Sizes the chart and its still picture share (chart-theme.ts, chart-picture.ts), here without the library, so the
// picture's code does not pull lightweight-charts into /trade's first chunk.

/** The price scale's width (css px): fixed, wide enough for "67250.00" at the scale's font. */
export const PRICE_SCALE_PX = 64;
