// <Activity> cleans up a hidden route's effects so its rows stop feeding (docs/worker.md "Quote interest").
import { Activity, Suspense, useLayoutEffect, useRef, type ReactElement, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { $loggedIn } from '../../state/account/session.ts';
import { PageFallback } from '../routing/page-fallback.tsx';

export function KeepAlive({ active, children }: { active: boolean; children: ReactNode }): ReactElement {
  useSignals();
  const session = $loggedIn.value;
  // Shown again under another session it is drawn afresh: replayed effects would ask for a signed-out account's data.
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
