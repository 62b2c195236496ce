// Browser entry: start the app, then attach React to index.html's prerendered screen, or render into #root.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startApp, startDeferred } from './app/start/start.ts';
import { whenDrawn } from './app/layout/drawn-end.tsx';
import { runStartUp } from './app/start/start-order.ts';
import { followDesktopHost } from './app/start/desktop-host.ts';
import { startServiceWorker } from './app/start/sw-start.ts';
import { moveToHashRoute } from './app/routing/hash-route.ts';
import { prefetchOtherPages, ROUTES } from './app/routes.tsx';
import { prepareAttach } from './boot/attach-first-screen.ts';
import './app/layout/theme.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// "/register" typed without the hash: the router starts on "/#/register", not on the market page.
moveToHashRoute(
  location,
  history,
  ROUTES.map((r) => r.path),
);

// A desktop browser on its way to the pc. host starts nothing here (docs/contract.md §9).
if (!followDesktopHost()) {
  // One task per step, so input between them is answered (src/app/start/start-order.ts).
  void runStartUp({
    setUp: startApp,
    prepareRoute: () => prepareAttach(document, window),
    render: (navigation, attach) => {
      // A transition renders in slices, so a weak phone's first taps are not blocked behind it.
      startTransition(() => {
        if (attach) {
          hydrateRoot(root, <App navigation={navigation} />, {
            onRecoverableError: (err) => console.warn('first screen: React redrew part of the prerendered HTML', err),
          });
        } else createRoot(root).render(<App navigation={navigation} />);
      });
      document.documentElement.dataset['ready'] = 'true'; // browser tests wait for this
    },
    drawn: whenDrawn,
    deferred: startDeferred,
    // So a tab's first tap fetches only its page; precaching waits behind them.
    later: () =>
      prefetchOtherPages()
        .catch(() => undefined)
        .then(() => startServiceWorker()),
  });
}
