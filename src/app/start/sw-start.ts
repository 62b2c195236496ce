// Its own file: 'virtual:pwa-register' exists only in the build (scripts/service-worker-plugin.ts), not in tests.

export function startServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void Promise.all([import('virtual:pwa-register'), import('./sw-update.ts')])
    .then(([m, update]) => update.registerServiceWorker(m.registerSW))
    .catch((error: unknown) => console.warn('service worker module failed', error));
}
