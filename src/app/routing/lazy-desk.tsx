// The desk layout as its own chunk: phones never need it (nor the chart library it brings), so the market list's
// first screen stays small; at ≥ 1280 px it loads behind a spinner.
import { lazy, Suspense, type ReactElement } from 'react';
import { PageFallback } from './page-fallback.tsx';
import { allTexts } from '../../i18n/index.ts';

// Like every screen but the phone's first (lazyPage), it waits for all the texts: the order form and the chart draw
// far more than the first screen's sections. Offline without them it still draws (keys until they come).
const DeskLayout = lazy(async () => {
  const [m] = await Promise.all([import('../../wide/wide-layout.tsx'), allTexts().catch(() => undefined)]);
  return { default: m.DeskLayout };
});

export function LazyDeskLayout(): ReactElement {
  return (
    <Suspense fallback={<PageFallback />}>
      <DeskLayout />
    </Suspense>
  );
}
