// Build time only (scripts/prerender-plugin.ts loads this through Vite's SSR loader): the first screen of `/` and
// `/trade` drawn by the app's own components, for a visitor in the default language on a phone, with the catalogue's
// rows and no prices. index.html carries the result, so the first paint needs no script; React attaches to it
// (hydrateRoot in src/main.tsx) when the browser's state is the one drawn here (src/boot/attach-first-screen.ts canAttach).
import { StrictMode, type ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { createPath, Router, type To } from 'react-router-dom';
import { allTexts, initI18n, languageInfo, translate } from '../i18n/index.ts';
import { DEFAULT_LANGUAGE } from '../../domain/types.ts';
import { pickInstrument } from '../state/market/trade-state.ts';
import type { BootData, FirstScreenPath } from './first-paint.ts';
import { beginAttach } from './attach.ts';
import { ROUTES } from '../app/routes.tsx';
import { preloadPage } from '../app/routing/lazy-page.tsx';
import { setProvisionalInstruments } from '../state/market/instruments.ts';
import { AppRoutes, NavigatorBridge } from '../app/routing/router.tsx';
import type { NavigationDeps } from '../app/routing/navigation-effects.ts';
import type { Instrument } from '../../domain/types.ts';

/** Effects never run in a prerender: nothing here is called. */
const NO_NAVIGATION: NavigationDeps = {
  startFeed: async () => undefined,
  feedConfig: () => new Promise(() => undefined),
  refreshTradeList: async () => [],
};

// The hash router's hrefs ("#/product"), so the links' attributes are the ones the browser's HashRouter renders.
const hashHref = (to: To): string => `#${typeof to === 'string' ? to : createPath(to)}`;
const STATIC_NAVIGATOR = {
  createHref: hashHref,
  go: () => undefined,
  push: () => undefined,
  replace: () => undefined,
};

/** The same tree as src/app/app.tsx's App, with a router that stands still at `path`. */
function StaticApp({ path }: { path: FirstScreenPath }): ReactElement {
  return (
    <StrictMode>
      <Router location={path} navigator={STATIC_NAVIGATOR}>
        <NavigatorBridge />
        <AppRoutes navigation={NO_NAVIGATION} />
      </Router>
    </StrictMode>
  );
}

async function streamText(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/**
 * React hoists a preload for every image it renders; outside a whole document they land at the start of the markup,
 * where they are no part of the tree React attaches to (and a dozen logo requests would compete with the first
 * screen's own). The logos are small and precached: dropped.
 */
const withoutPreloads = (markup: string): string => markup.replace(/^(<link rel="preload"[^>]*\/>)+/, '');

/** The HTML React would render into #root for `path` (lazy routes resolved, Suspense markers kept for hydration). */
export async function prerenderScreen(path: FirstScreenPath, catalogue: Instrument[]): Promise<string> {
  await initI18n({ cookies: '' });
  if (path !== '/') await allTexts(); // every screen but the first waits for the whole hk file (lazy-page.tsx)
  setProvisionalInstruments(catalogue);
  const route = ROUTES.find((r) => r.path === path);
  if (route) await preloadPage(route.element); // rendered in one pass: no streamed boundary to patch in by script
  beginAttach(path); // drawn as the browser will draw it when it attaches (the list's first rows at once)
  // No size limit per Suspense boundary: a large one (the list) would otherwise be sent after the shell, to be moved
  // into place by an inline script that the CSP refuses.
  const { prelude } = await prerender(<StaticApp path={path} />, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return withoutPreloads(await streamText(prelude));
}

export interface FirstScreens {
  market: string;
  trade: string;
  data: BootData;
}

/** Both first screens and what the inline script and the app need to know about them. */
export async function prerenderFirstScreens(catalogue: Instrument[]): Promise<FirstScreens> {
  const market = await prerenderScreen('/', catalogue);
  const trade = await prerenderScreen('/trade', catalogue);
  const data: BootData = {
    catalogue,
    tradeCode: pickInstrument(catalogue, null)?.Code ?? '',
    lang: DEFAULT_LANGUAGE,
    tag: languageInfo(DEFAULT_LANGUAGE).bcp47,
    asOf: translate('market.as_of', { time: '{{time}}', interpolation: { escapeValue: false } }),
    stale: translate('market.stale'),
    closed: translate('market.closed'),
    halted: translate('market.halted'),
  };
  return { market, trade, data };
}
