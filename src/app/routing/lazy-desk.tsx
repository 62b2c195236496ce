// Its own chunk: phones never need it, nor the chart library it brings.
import { lazy, Suspense, type ReactElement } from 'react';
import { PageFallback } from './page-fallback.tsx';
import { allTexts } from '../../i18n/index.ts';

// It waits for all the texts, as it draws far more than the first screen's sections; offline it draws keys.
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
