// Browser entry: start the app (language, session), then render the router into #root.
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startApp } from './app/start.ts';
import { followDesktopHost } from './app/desktop-host.ts';
import { startServiceWorker } from './app/sw-start.ts';
import { moveToHashRoute } from './app/hash-route.ts';
import { ROUTES } from './app/routes.tsx';
import './app/theme.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// "/register" typed without the hash: the router starts on "/#/register", not on the market page.
moveToHashRoute(location, history, ROUTES.map((r) => r.path));

// A desktop browser that is being sent to the pc. host starts nothing here (SPEC §9).
if (!followDesktopHost()) {
  void startApp().then((navigation) => {
    // A transition: React renders the first screen in slices of a few ms instead of one long task (a weak phone's
    // first taps are not blocked behind it; Lighthouse's TBT). The start-up shell stays until the commit.
    startTransition(() => createRoot(root).render(<App navigation={navigation} />));
    document.documentElement.dataset['ready'] = 'true'; // browser tests wait for this
    startServiceWorker(); // after the first render: precaching never competes with the first screen's requests
  });
}
