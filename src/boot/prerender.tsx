// Build time only (scripts/prerender-plugin.ts): index.html carries the first screens, so they paint with no script.
import { StrictMode, type ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { createPath, Router, type To } from 'react-router-dom';
import { allTexts, initI18n, languageInfo, translate } from '../i18n/index.ts';
import { DEFAULT_LANGUAGE, type Instrument } from '../../domain/types.ts';
import { pickInstrument } from '../state/market/trade-state.ts';
import type { BootData, FirstScreenPath, WarningTexts } from './first-paint.ts';
import { beginAttach } from './attach.ts';
import { ROUTES } from '../app/routes.tsx';
import { preloadPage } from '../app/routing/lazy-page.tsx';
import { setProvisionalInstruments } from '../state/market/instruments.ts';
import { AppRoutes, NavigatorBridge } from '../app/routing/router.tsx';
import type { NavigationDeps } from '../app/routing/navigation-effects.ts';

/** Effects never run in a prerender: nothing here is called. */
const NO_NAVIGATION: NavigationDeps = {
  startFeed: async () => undefined,
  feedConfig: () => new Promise(() => undefined),
  refreshTradeList: async () => [],
};

// So the links' attributes are the ones the browser's HashRouter renders.
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

/** Hoisted image preloads land outside the tree React attaches to and compete with the first screen: dropped. */
const withoutPreloads = (markup: string): string => markup.replace(/^(<link rel="preload"[^>]*\/>)+/, '');

/** Lazy routes resolved, Suspense markers kept for hydration. */
export async function prerenderScreen(path: FirstScreenPath, catalogue: Instrument[]): Promise<string> {
  await initI18n({ cookies: '' });
  if (path !== '/') await allTexts(); // every screen but the first waits for the whole hk file (lazy-page.tsx)
  setProvisionalInstruments(catalogue);
  const route = ROUTES.find((r) => r.path === path);
  if (route) await preloadPage(route.element); // one pass: no streamed boundary to patch in by script
  beginAttach(path); // drawn as the browser will draw it when it attaches
  // Otherwise a large boundary is sent after the shell, to be moved by an inline script that the CSP refuses.
  const { prelude } = await prerender(<StaticApp path={path} />, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return withoutPreloads(await new Response(prelude).text());
}

export const warningTexts = (): WarningTexts => ({
  label: translate('retail.warning_label'),
  figure: translate('retail.warning', { percent: '{{percent}}', interpolation: { escapeValue: false } }),
  noFigure: translate('retail.warning_no_figure'),
});

export interface FirstScreens {
  market: string;
  trade: string;
  data: BootData;
}

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
    warning: warningTexts(),
  };
  return { market, trade, data };
}
