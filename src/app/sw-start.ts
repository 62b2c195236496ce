// The browser entry's service-worker start: only in a production build, where sw.js exists. Its own file because
// 'virtual:pwa-register' exists only in the Vite build (scripts/service-worker-plugin.ts), not in unit tests.
import { registerServiceWorker } from './sw-update.ts';

export function startServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void import('virtual:pwa-register')
    .then((m) => registerServiceWorker(m.registerSW))
    .catch((error: unknown) => console.warn('service worker module failed', error));
}
