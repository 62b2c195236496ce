// Shown when a route fails to render or its chunk fails to load (e.g. a new deploy while offline): offer a reload.
import type { ReactElement } from 'react';
import { useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/empty-state.tsx';

export function RouteError(): ReactElement {
  const { t } = useTranslation();
  console.error('route error', useRouteError());
  return (
    <div className="page">
      <EmptyState textKey="common.page_error" icon="refresh">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </button>
      </EmptyState>
    </div>
  );
}
