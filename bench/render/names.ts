// The names a render run is described by, apart so the cases, the runner and the session need not import in a circle.

export type FeedModeName = 'worker' | 'main' | 'floor';
export type ScreenName = 'market' | 'trade' | 'desk';

/** 'default' is what a trader gets; 'candles' and 'four' are the two sides of the indicator cost A/B. */
export type ChartIndicators = 'default' | 'candles' | 'four';
