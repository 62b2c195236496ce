// Registers the service worker (vite-plugin-pwa's registerSW, prompt mode) after the first paint and reports a
// waiting new version to the update prompt. Injected so tests drive it without a browser's service worker.
import { updateWaiting } from '../../state/shell/app-update.ts';

export interface RegisterSW {
  (options: {
    immediate?: boolean;
    onNeedRefresh?: () => void;
    onRegisterError?: (error: unknown) => void;
  }): (reloadPage?: boolean) => Promise<void>;
}

/** Wires the registration to the update state; the returned function activates the waiting worker and reloads. */
export function registerServiceWorker(registerSW: RegisterSW): void {
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => updateWaiting(() => update(true)),
    // No service worker (private window, http on a LAN address): the app still works online.
    onRegisterError: (error) => console.warn('service worker registration failed', error),
  });
}
