// Start-up order: the language and the stored session first; the rest in slices once the first screen has drawn.
import { startI18n } from '../../i18n/index.ts';
import { restoreSession, $token, updateUser, $settings } from '../../state/account/session.ts';
import { checkAppStatus, loadSettings, settingsReady } from '../../state/settings/settings.ts';
import { refreshTradeList } from '../../api/instruments.ts';
import { persistCurrentCode } from '../../state/market/current-code.ts';
import { applyUpdown } from '../../state/settings/updown.ts';
import { watchReducedMotion } from '../../state/shell/motion.ts';
import { startWatchlist } from '../../state/market/watchlist.ts';
import type { PriceAlert } from '../../../domain/price-alerts.ts';
import { dispatchPriceAlert, onPriceAlert } from '../../state/feed/feed-listeners.ts';
import { installFeed } from './feed-root.ts';
import { effect } from '@preact/signals-react';
import type { FeedConfig } from '../../../workers/protocol.ts';
import { $lang } from '../../i18n/lang-signal.ts';
import { apiBase, wsUrl } from '../../api/api-address.ts';
import type { NavigationDeps } from '../routing/navigation-effects.ts';
import { browserTimers, systemClock } from '../../state/shell/clock.ts';
import { warmFormats } from '../../i18n/format.ts';
import { inSlices } from '../../state/shell/yield-task.ts';
import { loadVirtualizer } from '../../components/instrument/lazy-virtualizer.tsx';

// The first screen draws no alert; an alert fired before the chunk arrives is held and handed over, so none is lost.
type Store = { startPriceAlerts(): () => void };

export async function startPriceAlertsLazily(
  load: () => Promise<Store> = () => import('../../state/alerts/price-alerts.ts'),
): Promise<void> {
  const held: PriceAlert[] = [];
  const stopHolding = onPriceAlert((a) => void held.push(a));
  try {
    const store = await load();
    store.startPriceAlerts();
  } finally {
    stopHolding();
  }
  for (const a of held.splice(0)) dispatchPriceAlert(a);
}

/** A new token or language reaches the running feed at once; the first values are skipped (the first navigation starts it). */
export function syncFeedWithSession(deps: Pick<NavigationDeps, 'startFeed' | 'feedConfig'>): () => void {
  let first = true;
  return effect(() => {
    // Read both so the effect re-runs when either changes.
    void $token.value;
    void $lang.value;
    if (first) {
      first = false;
      return;
    }
    deps
      .feedConfig()
      .then((config) => deps.startFeed(config))
      .catch((err: unknown) => console.warn('feed update failed', err));
  });
}

/** Older while its market is open: shown stale (docs/client.md). */
export const STALE_AFTER_MS = 10_000;
/** docs/contract.md §9: any trade_fee_type other than 1 is margin × rate; used until getBasicInfo answers. */
export const DEFAULT_TRADE_FEE_TYPE = 2;

/** After the base settings, so the worker gets the right trade_fee_type on its first start. */
export async function feedConfigWhenReady(): Promise<FeedConfig> {
  await settingsReady();
  return {
    wsUrl: wsUrl(),
    apiBase: apiBase(),
    lang: $lang.peek(),
    token: $token.peek(),
    tradeFeeType: $settings.peek()?.trade_fee_type ?? DEFAULT_TRADE_FEE_TYPE,
    staleAfterMs: STALE_AFTER_MS,
  };
}

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
