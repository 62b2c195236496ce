// The browser entry's service-worker start: only in a production build, where sw.js exists. Its own file because
// 'virtual:pwa-register' exists only in the Vite build (scripts/service-worker-plugin.ts), not in unit tests. The
// update logic (sw-update.ts, state/shell/app-update.ts) loads with it, after the first render, off the first screen's chunk.

export function startServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void Promise.all([import('virtual:pwa-register'), import('./sw-update.ts')])
    .then(([m, update]) => update.registerServiceWorker(m.registerSW))
    .catch((error: unknown) => console.warn('service worker module failed', error));
}
