// The IndexedDB keys (idb-keyval's default store) of the state an offline start reads back, shared by the code that
// writes them and the code that reads them: the app (src/api/instruments.ts), the feed worker
// (workers/feed/quote-keep.ts) and the first paint before any app script (src/boot/first-paint.ts).

/** The instrument list with its snapshot quotes. */
export const TRADE_LIST_KEY = 'tw.trade_list';

/** The last live quotes, the newest tuple per instrument. */
export const QUOTES_KEY = 'tw.quotes';
