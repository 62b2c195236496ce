// Browser entry: start the app (language, session), then attach React to index.html's prerendered first screen
// (src/boot/), or render the router into #root when that screen is not the one this browser would draw.
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

// A desktop browser that is being sent to the pc. host starts nothing here (docs/contract.md §9).
if (!followDesktopHost()) {
  // Each step in a task of its own (src/app/start/start-order.ts): the app's set-up, then the shown route's chunk and
  // seeded state, then React's first render; once that route has drawn, what it does not need.
  void runStartUp({
    setUp: startApp,
    prepareRoute: () => prepareAttach(document, window),
    render: (navigation, attach) => {
      // A transition: React renders (or attaches to) the first screen in slices of a few ms instead of one long task
      // (a weak phone's first taps are not blocked behind it; Lighthouse's TBT). Until its commit, what index.html
      // drew stays.
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
    // The other pages' loaders (a small chunk: app/other-pages.ts) next, so a first tap on a tab fetches its page only;
    // then the service worker: precaching never competes with the first screen's requests.
    later: () =>
      prefetchOtherPages()
        .catch(() => undefined)
        .then(() => startServiceWorker()),
  });
}
