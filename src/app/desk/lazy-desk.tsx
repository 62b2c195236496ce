// The desk layout as its own chunk: phones never need it (nor the chart library it brings), so the market list's
// first screen stays small; at ≥ 1280 px it loads behind a spinner.
import { lazy, Suspense, type ReactElement } from 'react';
import { PageFallback } from '../page-fallback.tsx';

const DeskLayout = lazy(async () => ({ default: (await import('./desk-layout.tsx')).DeskLayout }));

export function LazyDeskLayout(): ReactElement {
  return (
    <Suspense fallback={<PageFallback />}>
      <DeskLayout />
    </Suspense>
  );
}
