// The blocking loading overlay (docs/contract.md §8: no timeout, forbids clicks): shown while any `loading` call runs.
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { $loading } from '../../state/shell/loading.ts';
import { Spinner } from '../lists/spinner.tsx';
import './loading-overlay.css';

export function LoadingOverlay(): ReactElement | null {
  useSignals();
  const { t } = useTranslation();
  if (!$loading.value) return null;
  return (
    <div className="loading-overlay" aria-busy="true" aria-label={t('common.loading')} role="progressbar">
      <div className="loading-overlay__box">
        <Spinner />
      </div>
    </div>
  );
}
