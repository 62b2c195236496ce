// The "new version, reload" prompt: offered when the service worker has a build waiting, held back while an
// order form is open, applied only by the user's tap; and the offline banner's age text.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $offerUpdate,
  $updateDismissed,
  $updateHolds,
  $updateWaiting,
  applyUpdate,
  holdUpdate,
} from '../../../../../src/state/shell/app-update.ts';
import { registerServiceWorker, type RegisterSW } from '../../../../../src/app/start/sw-update.ts';
import { formatAsOf } from '../../../../../src/i18n/format.ts';
import { initI18n } from '../../../../../src/i18n/index.ts';

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

beforeEach(() => {
  $updateWaiting.value = false;
  $updateHolds.value = 0;
  $updateDismissed.value = false;
});

/** A registerSW whose onNeedRefresh the test fires, and whose update function records the call. */
function fakeRegister(): { register: RegisterSW; needRefresh: () => void; activate: ReturnType<typeof vi.fn> } {
  let fire: (() => void) | undefined;
  const activate = vi.fn(async () => undefined);
  const register: RegisterSW = (options) => {
    fire = options?.onNeedRefresh;
    return activate;
  };
  return { register, needRefresh: () => fire?.(), activate };
}

describe('update prompt', () => {
  it('offers a waiting version and activates it only when the user asks', async () => {
    const sw = fakeRegister();
    registerServiceWorker(sw.register);
    expect($offerUpdate.value).toBe(false);
    sw.needRefresh();
    expect($offerUpdate.value).toBe(true);
    expect(sw.activate).not.toHaveBeenCalled(); // nothing is swapped by itself
    expect(await applyUpdate()).toBe(true);
    expect(sw.activate).toHaveBeenCalledWith(true);
  });

  it('never swaps code under an open order form: hidden and refused until the form closes', async () => {
    const sw = fakeRegister();
    registerServiceWorker(sw.register);
    const release = holdUpdate(); // the order form mounts
    sw.needRefresh();
    expect($offerUpdate.value).toBe(false);
    expect(await applyUpdate()).toBe(false);
    expect(sw.activate).not.toHaveBeenCalled();
    release();
    release(); // a second release (StrictMode) does not go below zero
    expect($updateHolds.value).toBe(0);
    expect($offerUpdate.value).toBe(true);
  });

  it('"later" hides the prompt until the next version', () => {
    const sw = fakeRegister();
    registerServiceWorker(sw.register);
    sw.needRefresh();
    $updateDismissed.value = true;
    expect($offerUpdate.value).toBe(false);
    sw.needRefresh();
    expect($offerUpdate.value).toBe(true);
  });
});

describe('formatAsOf', () => {
  const now = Date.UTC(2026, 10, 23, 14, 30);
  it('is the time of day today, the date for an older day, and empty for no data', () => {
    expect(formatAsOf(now - 28 * 60_000, now)).toMatch(/\d{1,2}:\d{2}/);
    expect(formatAsOf(now - 3 * 86_400_000, now)).not.toMatch(/:/);
    expect(formatAsOf(0, now)).toBe('');
  });
});
