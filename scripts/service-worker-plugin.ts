// The service worker: the app opens with no network; updates wait for the user, never forced (sw-update.ts).
import { VitePWA } from 'vite-plugin-pwa';
import type { PluginOption } from 'vite';
import { API_PREFIXES } from '../domain/api-paths.ts';

/** Per-user or live answers (docs/client.md "Offline"). */
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
      // Everything the app may open offline; not the back office, not source maps.
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      globIgnores: ['ops.html', 'assets/ops-*', '**/*.map', 'news/**'],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: NETWORK_ONLY,
      cleanupOutdatedCaches: true,
      // Price alerts pushed to a closed app (docs/alerts.md).
      importScripts: ['sw-push.js'],
      // No runtimeCaching: anything not precached (API, socket) goes straight to the network.
    },
  });
}
