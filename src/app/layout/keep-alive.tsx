// Keeps a route mounted but hidden while another route shows (the market list under /trade), so its state and DOM
// survive; the layout restores its window scroll position when it shows again. React's <Activity> hides it: its
// effects are cleaned up while hidden, so its rows, sparklines and chart unsubscribe from the feed (the worker then
// stops sending their quotes, docs/worker.md "Quote interest") and subscribe again, reading the newest state, when
// it shows, so a hidden list writes nothing on a tick. The `hidden` attribute stays for code that asks whether it is
// shown (the desk's keys).
import { Activity, Suspense, useLayoutEffect, useRef, type ReactElement, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { $loggedIn } from '../../state/account/session.ts';
import { PageFallback } from '../routing/page-fallback.tsx';

export function KeepAlive({ active, children }: { active: boolean; children: ReactNode }): ReactElement {
  useSignals();
  const session = $loggedIn.value;
  // A kept route belongs to the session it was last shown under. Shown again under another (a log-out while it was
  // hidden), it is drawn afresh: React would first replay its effects with the values of its last render, and the
  // desk's account panels would ask for a signed-out account's positions, whose 999 sends the trader to the login.
  const last = useRef({ active, session, drawing: 0 });
  const stale = active && !last.current.active && last.current.session !== session;
  const drawing = last.current.drawing + (stale ? 1 : 0);
  useLayoutEffect(() => {
    last.current = { active, session: active ? session : last.current.session, drawing };
  });
  return (
    <Activity key={drawing} mode={active ? 'visible' : 'hidden'}>
      <div className="keep-alive" hidden={!active} data-active={active}>
        <Suspense fallback={<PageFallback />}>{children}</Suspense>
      </div>
    </Activity>
  );
}
