// Start-up order: the language first (another language than hk waits for its texts) while the stored session loads; the
// feed follows the token and language. Once the first screen has drawn, the rest in slices (startDeferred): app
// status, base settings, fresh user info, the order and account stores, price alerts.
import { startI18n } from '../../i18n/index.ts';
import { restoreSession, $token, updateUser } from '../../state/account/session.ts';
import { checkAppStatus, loadSettings } from '../../state/settings/settings.ts';
import { refreshTradeList } from '../../api/instruments.ts';
import { persistCurrentCode } from '../../state/market/current-code.ts';
import { applyUpdown } from '../../state/settings/updown.ts';
import { watchReducedMotion } from '../../state/shell/motion.ts';
import { startWatchlist } from '../../state/market/watchlist.ts';
import { startPriceAlertsLazily } from './lazy-price-alerts.ts';
import { installFeed } from './feed-root.ts';
import { syncFeedWithSession } from './feed-sync.ts';
import { feedConfigWhenReady } from './feed-config.ts';
import type { NavigationDeps } from '../routing/navigation-effects.ts';
import { browserTimers, systemClock } from '../../state/shell/clock.ts';
import { warmFormats } from '../../i18n/format.ts';
import { inSlices } from '../../state/shell/yield-task.ts';
import { loadVirtualizer } from '../../components/instrument/lazy-virtualizer.tsx';

export async function startApp(): Promise<NavigationDeps> {
  // The stored session is read in parallel: until it answers, the localStorage hint tells guards and the tab bar
  // whether someone is logged in, and requests wait for it (sessionReady) so they carry the token.
  restored = restoreSession();
  applyUpdown(); // the up/down colours before the first paint (data-updown on <html>)
  watchReducedMotion();
  // Intl's one-time set-up in a task of its own, while the texts load, not inside the first screen's render.
  browserTimers.setTimeout(() => warmFormats(systemClock.now()), 0);
  // hk (the default) draws its first screen from the bundled first sections and i18next follows off the critical
  // path; another language waits here for i18next and its texts (one lazy chunk each).
  await startI18n();
  persistCurrentCode(); // the /trade instrument a reload reopens, known before the first render
  // The composition root: the feed bridge is built here, once (its chunk loads on the first startFeed).
  const feedDeps = { startFeed: installFeed(), feedConfig: feedConfigWhenReady };
  startWatchlist(); // the favourites follow the session: the account's list, or this browser's for a visitor
  syncFeedWithSession(feedDeps);
  return { ...feedDeps, refreshTradeList }; // what every navigation does (the router is rendered by App)
}

let restored: Promise<unknown> = Promise.resolve();

/**
 * What the first screen does not need, once it has drawn (src/main.tsx calls it after the first render has committed
 * and can answer a tap), each in a task of its own (docs/client.md "Start-up in slices"): the base settings and the
 * app status (the first HTTP calls), the session check, the order store's
 * listeners, the account's last-known state and the price alerts.
 */
export function startDeferred(): Promise<void> {
  return inSlices([
    () => {
      void loadSettings(); // the first feed start waits for these (trade_fee_type): feedConfigWhenReady
      void checkAppStatus();
    },
    () =>
      void restored.then(() => {
        if (!$token.peek()) return;
        // An initial call: an expired token signs out quietly instead of jumping to /login. The account API is a lazy
        // chunk (the first screen draws no account figure).
        import('../../api/account.ts')
          .then((m) => m.userInfo({ toast: false, initial: true }))
          .then(updateUser)
          .catch(() => undefined);
      }),
    // The orders store is the order screens' (a lazy chunk they share); its listeners catch up with the session from
    // wherever it is when they start, so they need not cost the first screen its bytes.
    () => void import('../../state/orders/orders.ts').then((m) => m.startOrderListeners()),
    // The account's last-known balance and positions (IndexedDB), painted until the server answers; same lazy room.
    () => void import('../../state/account/account-cache.ts').then((m) => m.startAccountCache(systemClock)),
    // Fired alerts: a toast, the list, a notification when the page is hidden (a lazy chunk; lazy-price-alerts.ts).
    () => startPriceAlertsLazily().catch((err: unknown) => console.warn('price alerts failed to load', err)),
    // The lists' virtualiser (a chunk of its own, lazy-virtualizer.tsx), for a screen that did not start on a list:
    // the instrument sheet and the product search then open without waiting for it.
    () => void loadVirtualizer().catch(() => undefined),
  ]);
}
