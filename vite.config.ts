// Vite builds the client (app + module worker); in dev it proxies the API and websocket to the server.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { ChunkingContext } from 'rolldown';
import react from '@vitejs/plugin-react';
import { firstTexts } from './scripts/first-texts-plugin.ts';
import { serverTextsOut } from './scripts/server-texts-plugin.ts';
import { serviceWorker } from './scripts/service-worker-plugin.ts';
import { prerenderFirstScreen } from './scripts/prerender-plugin.ts';
import { API_PREFIXES } from './domain/api-paths.ts';

const api = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

/** The market page's own modules and its virtualiser: one chunk for `/` (also the desk, the product search and the
 * trade screen's instrument sheet) instead of six small ones. The sparklines' drawing is not among them: a chunk of
 * its own, loaded when the first series arrive (src/components/sparkline/use-spark-blocks.ts). */
const MARKET = /[\\/]src[\\/]pages[\\/]market[\\/](?!market-page\.|favourites-order\.)/;
/** virtua: a chunk of its own, loaded beside the first route's and needed only by the list's rows
 * (src/components/instrument/lazy-virtualizer.tsx). */
const VIRTUA = /[\\/]node_modules[\\/]virtua[\\/]|[\\/]src[\\/]components[\\/]instrument[\\/]virtualizer-chunk\.ts$/;
/** What the first frames of both `/` and `/trade` draw of a quote and the title bar (the quote row's parts, the
 * header's buttons, the desk's lazy door, the alert sheet's state): one chunk both load. tests/unit/house/config-paths.test.ts
 * checks that every path named here exists. */
const QUOTE_UI =
  /[\\/]src[\\/](components[\\/](instrument[\\/](instrument-logo|stale-tag|use-quote-attributes|watch-star)|text[\\/]live-text|status[\\/]conn-badge|forms[\\/]segmented|icons[\\/](language-button|user-button))|state[\\/](market[\\/]row-signals|alerts[\\/]alert-sheet)|pages[\\/]market[\\/](market|watchlist)|app[\\/]routing[\\/]lazy-desk)\.(tsx?|css)$|[\\/]node_modules[\\/]@preact[\\/]signals-react[\\/]utils[\\/]/;

/**
 * The first screen's static modules as three chunks instead of some twenty: each small chunk costs its own gzip
 * dictionary and request (bench/README.md "Start-up"). React and the pure domain are chunks of their own because
 * the back office (ops.html) shares them; the entries and the back office's modules stay out of all three (there is
 * no preload polyfill to keep out: build.modulePreload.polyfill is off). The market page and what it draws (MARKET,
 * QUOTE_UI) join the `app` chunk although `/` loads them lazily: `/` and `/trade` both need them at start-up, and one
 * chunk gzips 1.9 KB smaller than three that import each other's names (bench/README.md "The first screen's bytes").
 * Another route's first visit loads them too (about 10 KB).
 */
const MARKET_PAGE = /[\\/]src[\\/]pages[\\/]market[\\/]market-page\.tsx$/;
const NOT_APP: RegExp = /\.html($|\?)|[\\/]src[\\/](ops[\\/]|main\.tsx$)/;
const initial = new Set<string>();
/** Whether an entry reaches the module through static imports only (what the `$initial` tag means). */
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
/** The chunk of src/chart/candle-chart.tsx (its dynamic import in lazy-chart.tsx). */
export const CHART_CHUNK = 'candle-chart';
/** V8's explicit compile hint (Chrome 136+): the first line of a script, every function in it compiled eagerly. */
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
  plugins: [react(), serverTextsOut(), firstTexts(), prerenderFirstScreen(), serviceWorker()],
  base: './',
  resolve: {
    // React 19 has the hook the shim stands in for (src/app/react-sync-store.ts).
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
    // Every browser the app supports has <link rel="modulepreload"> (Safari since 17); an older one fetches a lazy
    // chunk's imports when it runs instead of beside it. The polyfill was a first-screen file of its own.
    modulePreload: { polyfill: false },
    // The trading app, and the operators' back office as a page of its own (none of its code reaches the app).
    rollupOptions: {
      input: { main: 'index.html', ops: 'ops.html' },
      output: {
        codeSplitting: { groups: FIRST_SCREEN_GROUPS },
        // V8's compile hint: the chart's chunk (lightweight-charts) compiled whole while it streams in, off the main
        // thread, instead of each function on its first call, in the library's first frames on the main thread
        // (bench/README.md "Start-up"). Most of it runs in those frames. After minifying: a comment it would drop.
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
