// Which indicators the charts show: the account's (every device draws the same chart), a visitor's in localStorage.
import { effect, signal, type ReadonlySignal } from '@preact/signals-react';
import { readChartSettings, saveChartSettings } from '../api/chart-settings.ts';
import { defaultIndicatorSettings, sanitiseSettings, type IndicatorSettings } from '../../domain/indicators.ts';
import { feed } from '../state/feed/feed-bridge.ts';
import { localStore } from '../state/shell/local-store.ts';
import { $token, sessionReady } from '../state/account/session.ts';

export const VISITOR_INDICATORS_KEY = 'tw:indicators';

const $settings = signal<IndicatorSettings>(defaultIndicatorSettings(), { name: 'chart.$indicators' });
export const $indicatorSettings: ReadonlySignal<IndicatorSettings> = $settings;

/** Slot 0: the sheet refuses a period longer than that. */
export const $historyBars = signal<number | null>(null, { name: 'chart.$historyBars' });

let started = false;
let generation = 0;

/** null when a visitor chose none. */
function visitorChoice(): IndicatorSettings | null {
  const raw = localStore()?.getItem(VISITOR_INDICATORS_KEY);
  if (!raw) return null;
  try {
    return sanitiseSettings(JSON.parse(raw));
  } catch {
    return null;
  }
}

const same = (a: IndicatorSettings, b: IndicatorSettings): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A visitor's choice moves into an account that has none, as stars do (docs/screens.md "Indicators"). */
async function accountSettings(): Promise<IndicatorSettings> {
  const visitor = visitorChoice();
  const account = sanitiseSettings((await readChartSettings()).indicators);
  if (visitor === null) return account;
  const adopt = same(account, defaultIndicatorSettings()) && !same(visitor, account);
  const next = adopt ? sanitiseSettings((await saveChartSettings(visitor)).indicators) : account;
  localStore()?.removeItem(VISITOR_INDICATORS_KEY);
  return next;
}

/** Idempotent: each chart calls it when it mounts. */
export function startChartSettings(): void {
  if (started) return;
  started = true;
  effect(() => {
    const token = $token.value;
    generation++;
    const gen = generation;
    $settings.value = visitorChoice() ?? defaultIndicatorSettings();
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

/** Shown at once, then kept on the account (or in this browser for a visitor). */
export async function saveIndicatorSettings(next: IndicatorSettings): Promise<void> {
  $settings.value = next;
  // An account read started before this save is stale and must not win.
  const gen = ++generation;
  // A save made while the stored session was being read would go to this browser only.
  await sessionReady();
  if ($token.peek() === null) {
    localStore()?.setItem(VISITOR_INDICATORS_KEY, JSON.stringify(next));
    return;
  }
  try {
    const answer = await saveChartSettings(next);
    if (gen === generation) $settings.value = sanitiseSettings(answer.indicators);
  } catch {
    // The client has shown the server's message; show the account's settings again.
    const back = await readChartSettings().catch(() => null);
    if (back && gen === generation) $settings.value = sanitiseSettings(back.indicators);
  }
}
