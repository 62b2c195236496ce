// index.html's inline script, bundled on its own by scripts/prerender-plugin.ts; first-paint.ts holds its logic.
import {
  afterFirstPaint,
  browserFirstPaint,
  chooseScreen,
  keepEarlyTaps,
  lastKnownQuotes,
  paintQuotes,
  paintWarning,
  readAppScripts,
  readBootData,
  readFirstQuotes,
  readLastKnownStore,
  requestApp,
  servedQuotes,
  NOTHING_PAINTED,
  type FirstPaint,
} from './first-paint.ts';
import { readCookie } from '../i18n/cookie.ts';
import { CURRENT_CODE_KEY } from '../state/market/current-code-key.ts';
import { WIDE_QUERY } from '../components/hooks/wide-query.ts';
import { localStore } from '../state/shell/local-store.ts';
import { animationFrames, browserTimers, systemClock } from '../state/shell/clock.ts';

/** Past it the first screen shows without last-known prices. */
const HOLD_MS = 150;

function storedCode(): string | null {
  try {
    return localStore()?.getItem(CURRENT_CODE_KEY) ?? null;
  } catch {
    return null;
  }
}

function boot(): Promise<FirstPaint> {
  const root = document.getElementById('root');
  const data = readBootData(document);
  // Hidden until painted: a frame painted mid-parse would show the market list under /trade's address, or bare rows.
  const show = (): void => void (root && delete root.dataset.wait);
  if (!root || !data) {
    show();
    return Promise.resolve(NOTHING_PAINTED);
  }
  chooseScreen(document, root, data, {
    hash: location.hash,
    wide: matchMedia(WIDE_QUERY).matches,
    langCookie: readCookie(document.cookie, 'lang'),
    storedCode: storedCode(),
  });
  if (!root.dataset.pre) {
    show();
    return Promise.resolve(NOTHING_PAINTED);
  }
  const precisions = new Map(data.catalogue.map((i) => [i.Code, i.PricePrecision]));
  // Served, not the service worker's precached copy: newer than anything stored, and at hand now.
  const served = readFirstQuotes(document);
  if (served) {
    const quotes = servedQuotes(served, precisions);
    paintQuotes(root, quotes, systemClock.now(), data);
    if (served.w && data.warning) paintWarning(root, served.w, data.warning);
    show();
    return Promise.resolve({ quotes, warning: null });
  }
  // IndexedDB can hang at start in some browsers: the cap resolves with nothing so the app still starts on time.
  root.dataset.wait = '';
  return new Promise((resolve) => {
    let capped = false;
    const cap = browserTimers.setTimeout(() => {
      capped = true;
      show();
      resolve(NOTHING_PAINTED);
    }, HOLD_MS);
    void readLastKnownStore(self.indexedDB).then((stored) => {
      const quotes = lastKnownQuotes(stored.tradeList, stored.quotes, precisions);
      // React may have attached already (a slow disk): then the app paints them itself.
      if (root.dataset.attached !== 'true') {
        paintQuotes(root, quotes, systemClock.now(), data);
        // Only what the app will be told of (the resolved value): React must find the box as it would draw it.
        if (!capped && stored.warning && data.warning) paintWarning(root, stored.warning, data.warning);
      }
      browserTimers.clearTimeout(cap);
      show();
      resolve({ quotes, warning: stored.warning });
    });
  });
}

/** This script requests the app's scripts, so no exception may end it before it does. */
function safeBoot(): Promise<FirstPaint> {
  try {
    return boot();
  } catch (err) {
    console.warn('first screen: the inline paint failed', err);
    const root = document.getElementById('root');
    if (root) delete root.dataset.wait;
    return Promise.resolve(NOTHING_PAINTED);
  }
}

window.__twTaps = keepEarlyTaps(window);
window.__twBoot = safeBoot();

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
