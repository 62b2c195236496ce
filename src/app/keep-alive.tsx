// Keeps a route mounted but hidden while another route shows (the market list under /trade), so its state,
// subscriptions and DOM survive; the layout restores its window scroll position when it shows again.
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { PageFallback } from './page-fallback.tsx';

export function KeepAlive({ active, children }: { active: boolean; children: ReactNode }): ReactElement {
  return (
    <div className="keep-alive" hidden={!active} data-active={active}>
      <Suspense fallback={<PageFallback />}>{children}</Suspense>
    </div>
  );
}
