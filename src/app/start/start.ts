// Start-up order: the language and the stored session first; the rest in slices once the first screen has drawn.
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
  // Until it answers, the localStorage hint tells guards who is logged in, and requests wait for it (sessionReady).
  restored = restoreSession();
  applyUpdown(); // before the first paint (data-updown on <html>)
  watchReducedMotion();
  // Intl's one-time set-up in its own task, not inside the first screen's render.
  browserTimers.setTimeout(() => warmFormats(systemClock.now()), 0);
  // hk draws from the bundled first sections; another language waits here for i18next and its texts.
  await startI18n();
  persistCurrentCode(); // known before the first render
  // The composition root: the feed bridge is built here, once.
  const feedDeps = { startFeed: installFeed(), feedConfig: feedConfigWhenReady };
  startWatchlist(); // the account's list, or this browser's for a visitor
  syncFeedWithSession(feedDeps);
  return { ...feedDeps, refreshTradeList }; // the router is rendered by App
}

let restored: Promise<unknown> = Promise.resolve();

/** Each in a task of its own once the first screen can answer a tap (docs/client.md "Start-up in slices"). */
export function startDeferred(): Promise<void> {
  return inSlices([
    () => {
      void loadSettings(); // the first feed start waits for these (trade_fee_type)
      void checkAppStatus();
    },
    () =>
      void restored.then(() => {
        if (!$token.peek()) return;
        // initial: an expired token signs out quietly instead of jumping to /login.
        import('../../api/account.ts')
          .then((m) => m.userInfo({ toast: false, initial: true }))
          .then(updateUser)
          .catch(() => undefined);
      }),
    // Lazy: the listeners catch up with the session from wherever it is when they start.
    () => void import('../../state/orders/orders.ts').then((m) => m.startOrderListeners()),
    // Painted until the server answers.
    () => void import('../../state/account/account-cache.ts').then((m) => m.startAccountCache(systemClock)),
    () => startPriceAlertsLazily().catch((err: unknown) => console.warn('price alerts failed to load', err)),
    // For a screen that did not start on a list, so the instrument sheet and search open without waiting.
    () => void loadVirtualizer().catch(() => undefined),
  ]);
}
