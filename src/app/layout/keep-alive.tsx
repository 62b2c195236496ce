// Keeps a route mounted but hidden while another route shows (the market list under /trade), so its state and DOM
// survive; the layout restores its window scroll position when it shows again. React's <Activity> hides it: its
// effects are cleaned up while hidden, so its rows, sparklines and chart unsubscribe from the feed (the worker then
// stops sending their quotes, docs/worker.md "Quote interest") and subscribe again, reading the newest state, when
// it shows. Before, a hidden list kept its rows subscribed, and rewrote their text and attributes every tick under
// /trade. The `hidden` attribute stays for code that asks whether it is shown (the desk's keys).
import { Activity, Suspense, type ReactElement, type ReactNode } from 'react';
import { PageFallback } from '../routing/page-fallback.tsx';

export function KeepAlive({ active, children }: { active: boolean; children: ReactNode }): ReactElement {
  return (
    <Activity mode={active ? 'visible' : 'hidden'}>
      <div className="keep-alive" hidden={!active} data-active={active}>
        <Suspense fallback={<PageFallback />}>{children}</Suspense>
      </div>
    </Activity>
  );
}
