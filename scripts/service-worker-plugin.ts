// The service worker (vite-plugin-pwa + Workbox): precaches the app shell and every route chunk under the build's
// content hashes, so the app opens with no network; the API (domain/api-paths.ts), the websocket and the back office
// are never cached. Updates wait for the user ("new version, reload": src/app/start/sw-update.ts), they are never forced. It also shows
// price alerts pushed to a closed app (public/sw-push.js).
import { VitePWA } from 'vite-plugin-pwa';
import type { PluginOption } from 'vite';
import { API_PREFIXES } from '../domain/api-paths.ts';

/** Paths the service worker must leave to the network: answers that are per user or live (docs/client.md "Offline"). */
export const NETWORK_ONLY = [
  ...API_PREFIXES.map((p) => new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`)),
  /^\/manifest\.json/,
  /^\/ops/,
];

export function serviceWorker(): PluginOption {
  return VitePWA({
    registerType: 'prompt', // a waiting worker is activated only when the user asks (sw-update.ts)
    injectRegister: false, // registered by src/app/start/sw-update.ts after the first paint
    manifest: false, // the server serves /manifest.json (server/routes/health.ts)
    filename: 'sw.js',
    workbox: {
      // The shell, every route chunk, the feed worker, styles, locales and icons; not the back office, not maps.
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      globIgnores: ['ops.html', 'assets/ops-*', '**/*.map', 'news/**'],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: NETWORK_ONLY,
      cleanupOutdatedCaches: true,
      // Price alerts: the `push` and `notificationclick` handlers (public/sw-push.js, docs/alerts.md).
      importScripts: ['sw-push.js'],
      // No runtimeCaching: anything not precached (API, socket) goes straight to the network.
    },
  });
}
