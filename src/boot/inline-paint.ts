// index.html's inline script (bundled on its own by scripts/prerender-plugin.ts, a few KB, run before any app
// script): the first screen the hash asks for, then the server's quotes written into the page (first-quotes.ts), or
// else the last-known quotes from IndexedDB, with their age. The app
// (src/main.tsx) awaits `window.__twBoot` for those quotes, seeds its signals with them and attaches to this HTML.
// The app's own scripts are requested here too, once that screen has painted (first-paint.ts says why).
import {
  afterFirstPaint,
  browserFirstPaint,
  chooseScreen,
  lastKnownQuotes,
  paintQuotes,
  readAppScripts,
  readBootData,
  readFirstQuotes,
  readLastKnownStore,
  requestApp,
  servedQuotes,
  type LastKnownQuote,
} from './first-paint.ts';
import { readCookie } from '../i18n/cookie.ts';
import { CURRENT_CODE_KEY } from '../state/market/current-code-key.ts';
import { WIDE_QUERY } from '../components/hooks/wide-query.ts';
import { localStore } from '../state/shell/local-store.ts';
import { animationFrames, browserTimers, systemClock } from '../state/shell/clock.ts';

/** The longest the first screen waits for IndexedDB before it shows without last-known prices. */
const HOLD_MS = 150;

function storedCode(): string | null {
  try {
    return localStore()?.getItem(CURRENT_CODE_KEY) ?? null;
  } catch {
    return null;
  }
}

function boot(): Promise<LastKnownQuote[]> {
  const root = document.getElementById('root');
  const data = readBootData(document);
  // The built page hides the screen (data-wait) until this script has painted it: a frame painted mid-parse would show
  // the market list under /trade's address, or rows without their prices.
  const show = (): void => void (root && delete root.dataset.wait);
  if (!root || !data) {
    show();
    return Promise.resolve([]);
  }
  chooseScreen(document, root, data, {
    hash: location.hash,
    wide: matchMedia(WIDE_QUERY).matches,
    langCookie: readCookie(document.cookie, 'lang'),
    storedCode: storedCode(),
  });
  if (!root.dataset.pre) {
    show();
    return Promise.resolve([]);
  }
  const precisions = new Map(data.catalogue.map((i) => [i.Code, i.PricePrecision]));
  // The server's quotes of the moment, when it wrote them into the page (not the service worker's precached copy):
  // newer than anything stored, and at hand now, so the screen shows at once with them.
  const served = readFirstQuotes(document);
  if (served) {
    const quotes = servedQuotes(served, precisions);
    paintQuotes(root, quotes, systemClock.now(), data);
    show();
    return Promise.resolve(quotes);
  }
  // The screen waits (hidden, index.html's style) for the stored quotes, a few ms, so its first frame already shows
  // them; never longer than HOLD_MS, whatever the disk does.
  // The app waits for this promise too, so a read that never answers (some browsers' IndexedDB can hang at start)
  // resolves it with nothing at the cap: the app starts on time and shows its own last-known prices.
  root.dataset.wait = '';
  return new Promise((resolve) => {
    const cap = browserTimers.setTimeout(() => {
      show();
      resolve([]);
    }, HOLD_MS);
    void readLastKnownStore(self.indexedDB).then((stored) => {
      const quotes = lastKnownQuotes(stored.tradeList, stored.quotes, precisions);
      // React may have attached already (a slow disk): then the app paints them itself.
      if (root.dataset.attached !== 'true') paintQuotes(root, quotes, systemClock.now(), data);
      browserTimers.clearTimeout(cap);
      show();
      resolve(quotes);
    });
  });
}

/** Whatever goes wrong here (an odd browser, broken storage), the screen shows as drawn and the app still loads: since
 * this script requests the app's scripts, an exception must not end it before it does. */
function safeBoot(): Promise<LastKnownQuote[]> {
  try {
    return boot();
  } catch (err) {
    console.warn('first screen: the inline paint failed', err);
    const root = document.getElementById('root');
    if (root) delete root.dataset.wait;
    return Promise.resolve([]);
  }
}

window.__twBoot = safeBoot();

// The screen shows when the stored quotes are read (or at HOLD_MS): the app's scripts are asked for after that paint.
const loadApp = (): void => {
  const scripts = readAppScripts(document);
  if (!scripts) return;
  const timeout = (cb: () => void, ms: number): void => void browserTimers.setTimeout(cb, ms);
  const firstPaint = browserFirstPaint(window, (cb) => void animationFrames.request(cb), timeout);
  afterFirstPaint({ hidden: () => document.visibilityState === 'hidden', firstPaint, timeout }, () =>
    requestApp(document, scripts),
  );
};
void window.__twBoot.then(loadApp, loadApp);
