// The names a render run is described by, shared by the cases, the runner and the browser session: on their own so
// those files need not import each other in a circle.

/** The app in its two feed modes, and the hand-written floor page of the same screen (floor-pages.ts). */
export type FeedModeName = 'worker' | 'main' | 'floor';
export type ScreenName = 'market' | 'trade' | 'desk';

/**
 * The chart's indicators during a case, set on the bench account before each run: 'default' (MA + VOL, what
 * a trader gets), 'candles' (none: the A of the indicator cost) or 'four' (MA + BOLL + VOL + MACD: the B).
 */
export type ChartIndicators = 'default' | 'candles' | 'four';
