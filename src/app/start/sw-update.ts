// Injected so tests drive it without a browser's service worker.
import { updateWaiting } from '../../state/shell/app-update.ts';

export type RegisterSW = typeof import('virtual:pwa-register').registerSW;

/** The update state's activate switches to the waiting worker and reloads. */
export function registerServiceWorker(registerSW: RegisterSW): void {
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => updateWaiting(() => update(true)),
    // No service worker (private window, http on a LAN address): the app still works online.
    onRegisterError: (error) => console.warn('service worker registration failed', error),
  });
}
