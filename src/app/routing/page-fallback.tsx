import type { ReactElement } from 'react';
import { Spinner } from '../../components/lists/spinner.tsx';

export function PageFallback(): ReactElement {
  return (
    <div className="page-fallback" aria-busy="true">
      <Spinner />
    </div>
  );
}
