// Which indicators the charts show. Signed in, the account's settings (the chart settings routes: every
// device draws the same chart); a visitor's live in this browser's localStorage. Started by the first chart that
// mounts (the screens without a chart never load them); every change reaches the feed, which computes the values.
import { effect, signal, type ReadonlySignal } from '@preact/signals-react';
import { readChartSettings, saveChartSettings } from '../api/chart-settings.ts';
import { defaultIndicatorSettings, sanitiseSettings, type IndicatorSettings } from '../../domain/indicators.ts';
import { feed } from '../state/feed/feed-bridge.ts';
import { localStore } from '../state/shell/local-store.ts';
import { $token, sessionReady } from '../state/account/session.ts';

export const VISITOR_INDICATORS_KEY = 'tw:indicators';

const $settings = signal<IndicatorSettings>(defaultIndicatorSettings(), { name: 'chart.$indicators' });
/** The indicators every chart shows, with their parameters. */
export const $indicatorSettings: ReadonlySignal<IndicatorSettings> = $settings;

/** Bars of history the trade screen's chart holds (slot 0): the sheet refuses a period longer than that. */
export const $historyBars = signal<number | null>(null, { name: 'chart.$historyBars' });

let started = false;
let generation = 0;

/** The visitor's own settings in this browser, or null when a visitor chose none. */
function visitorChoice(): IndicatorSettings | null {
  const raw = localStore()?.getItem(VISITOR_INDICATORS_KEY);
  if (!raw) return null;
  try {
    return sanitiseSettings(JSON.parse(raw));
  } catch {
    return null;
  }
}

function readVisitor(): IndicatorSettings {
  return visitorChoice() ?? defaultIndicatorSettings();
}

const same = (a: IndicatorSettings, b: IndicatorSettings): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Sign-in (docs/screens.md "Indicators"): what the visitor chose in this browser is carried into an account that has
 * chosen nothing yet (its settings are the defaults), then forgotten here — as the watchlist's stars are. An account
 * with choices of its own keeps them. Answers the account's settings.
 */
async function accountSettings(): Promise<IndicatorSettings> {
  const visitor = visitorChoice();
  const account = sanitiseSettings((await readChartSettings()).indicators);
  if (visitor === null) return account;
  let next = account;
  if (same(account, defaultIndicatorSettings()) && !same(visitor, account)) {
    next = sanitiseSettings((await saveChartSettings(visitor)).indicators);
  }
  localStore()?.removeItem(VISITOR_INDICATORS_KEY);
  return next;
}

/** Follows the session and hands every change to the feed. Idempotent: each chart calls it when it mounts. */
export function startChartSettings(): void {
  if (started) return;
  started = true;
  effect(() => {
    const token = $token.value;
    generation++;
    const gen = generation;
    $settings.value = readVisitor();
    if (token !== null) {
      accountSettings()
        .then((s) => {
          if (gen === generation) $settings.value = s;
        })
        .catch(() => undefined); // offline: this browser's settings meanwhile
    }
  });
  effect(() => {
    const s = $settings.value;
    feed()
      .setIndicators(s)
      .catch((err: unknown) => console.warn('setIndicators failed', err));
  });
}

/** The sheet's save: shown at once, then kept on the account (or in this browser for a visitor). */
export async function saveIndicatorSettings(next: IndicatorSettings): Promise<void> {
  $settings.value = next;
  // A newer generation: an account read still under way (started before this save) is stale and must not win.
  const gen = ++generation;
  // Signed in or not as the session is now, once the stored one has been read (a save made while it was still being
  // read went to this browser only, and the account kept its old settings).
  await sessionReady();
  if ($token.peek() === null) {
    localStore()?.setItem(VISITOR_INDICATORS_KEY, JSON.stringify(next));
    return;
  }
  try {
    const answer = await saveChartSettings(next);
    if (gen === generation) $settings.value = sanitiseSettings(answer.indicators);
  } catch {
    // The client has shown the server's message: show the account's settings again.
    const back = await readChartSettings().catch(() => null);
    if (back && gen === generation) $settings.value = sanitiseSettings(back.indicators);
  }
}
