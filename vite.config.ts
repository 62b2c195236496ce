// Vite builds the client (app + module worker); in dev it proxies the API and websocket to the server.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { ChunkingContext } from 'rolldown';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { firstTexts } from './scripts/first-texts-plugin.ts';
import { serverTextsOut } from './scripts/server-texts-plugin.ts';
import { serviceWorker } from './scripts/service-worker-plugin.ts';
import { prerenderFirstScreen } from './scripts/prerender-plugin.ts';
import { API_PREFIXES } from './domain/api-paths.ts';

const api = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

/** One chunk for `/` (also the desk, the product search and the instrument sheet) instead of six small ones. */
const MARKET = /[\\/]src[\\/]pages[\\/]market[\\/](?!market-page\.|favourites-order\.)/;
/** Its own chunk: only the list's rows need it (src/components/instrument/lazy-virtualizer.tsx). */
const VIRTUA = /[\\/]node_modules[\\/]virtua[\\/]|[\\/]src[\\/]components[\\/]instrument[\\/]virtualizer-chunk\.ts$/;
/** What the first frames of both `/` and `/trade` draw of a quote and the title bar: one chunk both load. */
const QUOTE_UI =
  /[\\/]src[\\/](components[\\/](instrument[\\/](instrument-logo|stale-tag|use-quote-attributes|watch-star)|text[\\/]live-text|status[\\/]conn-badge|forms[\\/]segmented|icons[\\/](language-button|user-button))|state[\\/](market[\\/]row-signals|alerts[\\/]alert-sheet)|pages[\\/]market[\\/](market|watchlist)|app[\\/]routing[\\/]lazy-desk)\.(tsx?|css)$|[\\/]node_modules[\\/]@preact[\\/]signals-react[\\/]utils[\\/]/;

/** Few first-screen chunks: each costs its own gzip dictionary and request (bench/README.md "Start-up"). */
const MARKET_PAGE = /[\\/]src[\\/]pages[\\/]market[\\/]market-page\.tsx$/;
const NOT_APP: RegExp = /\.html($|\?)|[\\/]src[\\/](ops[\\/]|main\.tsx$)/;
const initial = new Set<string>();
/** Reached from an entry through static imports only (what the `$initial` tag means). */
function isInitial(id: string, ctx: ChunkingContext): boolean {
  const seen = new Set<string>();
  const up = [id];
  for (let m = up.pop(); m !== undefined; m = up.pop()) {
    if (seen.has(m)) continue;
    seen.add(m);
    const info = ctx.getModuleInfo(m);
    if (initial.has(m) || info?.isEntry) {
      initial.add(id);
      return true;
    }
    up.push(...(info?.importers ?? []));
  }
  return false;
}
/** Named in lazy-chart.tsx's dynamic import of src/chart/candle-chart.tsx. */
export const CHART_CHUNK = 'candle-chart';
/** V8's explicit compile hint (Chrome 136+): every function of the script compiled eagerly. */
export const COMPILE_ALL_HINT = '//# allFunctionsCalledOnLoad';

const FIRST_SCREEN_GROUPS = [
  {
    name: 'react',
    tags: ['$initial' as const],
    test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
    priority: 2,
  },
  { name: 'domain', tags: ['$initial' as const], test: /^(?!.*node_modules).*[\\/]domain[\\/]/, priority: 2 },
  { name: 'virtua', test: VIRTUA, priority: 2 },
  {
    name: (id: string, ctx: ChunkingContext) =>
      !NOT_APP.test(id) && (MARKET.test(id) || QUOTE_UI.test(id) || MARKET_PAGE.test(id) || isInitial(id, ctx))
        ? 'app'
        : null,
    priority: 1,
  },
];

export default defineConfig({
  plugins: [
    react(),
    serverTextsOut(),
    firstTexts(),
    prerenderFirstScreen(),
    serviceWorker(),
    // Brotli and gzip beside each file once at build: the server sends them as they are (server/http/http-app.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/], logLevel: 'silent' }),
  ],
  // From the root, so a deep link two segments down (/mine/wallet) still loads the page's files.
  base: '/',
  resolve: {
    // React 19 has the hook the shim stands in for.
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/app/react-sync-store.ts', import.meta.url)),
      },
    ],
  },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    // Every supported browser has <link rel="modulepreload"> (Safari 17+); the polyfill would be a first-screen file.
    modulePreload: { polyfill: false },
    // The back office is a page of its own so none of its code reaches the app.
    rollupOptions: {
      input: { main: 'index.html', ops: 'ops.html' },
      output: {
        codeSplitting: { groups: FIRST_SCREEN_GROUPS },
        // After minifying, which would drop it: the chart runs in its first frames, so compile it as it streams in.
        postBanner: (chunk: { name: string }) => (chunk.name === CHART_CHUNK ? COMPILE_ALL_HINT : ''),
      },
    },
  },
  server: {
    proxy: {
      '/v1/ws': { target: api.replace('http', 'ws'), ws: true },
      ...Object.fromEntries(API_PREFIXES.map((p) => [p, api])),
      '/logos': api,
    },
  },
});
