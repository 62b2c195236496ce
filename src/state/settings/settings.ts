import { signal, type Signal } from '@preact/signals-react';
import { basicInfo, companyStatus, type AppStatus } from '../../api/common.ts';
import { $settings } from '../account/session.ts';

/** null until it answers or when it failed; its `type` picks the site variant. */
export const $appStatus: Signal<AppStatus | null> = signal(null, { name: 'settings.$appStatus' });
let statusCheck: Promise<void> | null = null;

let loading: Promise<void> | null = null;

/** A failure leaves $settings null: defaults apply. */
export function loadSettings(): Promise<void> {
  loading ??= basicInfo()
    .then((s) => {
      $settings.value = s;
    })
    .catch((err: unknown) => console.warn('base settings failed', err));
  return loading;
}

/** At once if it was never started. */
export function settingsReady(): Promise<void> {
  return loading ?? Promise.resolve();
}

/** docs/contract.md §8: if the app status is not 0 the browser is sent to loss_url. */
export function checkAppStatus(go: (url: string) => void = (url) => window.location.assign(url)): Promise<void> {
  statusCheck = runStatusCheck(go);
  return statusCheck;
}

/** A screen opened before start-up ran one (tests) starts it. */
export function appStatusReady(): Promise<void> {
  return statusCheck ?? checkAppStatus();
}

async function runStatusCheck(go: (url: string) => void): Promise<void> {
  try {
    const s = await companyStatus();
    $appStatus.value = s;
    // Only http(s): a javascript: or data: address from a compromised server must not run in our origin.
    if (s.status !== 0 && /^https?:\/\//i.test(s.loss_url)) go(s.loss_url);
  } catch (err) {
    console.warn('app status check failed', err);
  }
}
