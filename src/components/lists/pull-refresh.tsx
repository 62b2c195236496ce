// `children` are elements the page made, so the list inside does not re-render during a pull.
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Spinner } from './spinner.tsx';
import { usePullRefresh } from './use-pull-refresh.ts';
import './pull-refresh.css';

export interface PullRefreshProps {
  onRefresh: () => void;
  header: (p: { trigger: () => void; refreshing: boolean }) => ReactNode;
  className?: string;
  children: ReactNode;
}

export function PullRefresh({ onRefresh, header, className, children }: PullRefreshProps): ReactElement {
  const { t } = useTranslation();
  const pull = usePullRefresh(onRefresh);
  const state = pull.refreshing ? 'refreshing' : pull.offset > 0 ? 'pulling' : 'idle';
  return (
    <div className={className} {...pull.handlers}>
      {header({ trigger: pull.trigger, refreshing: pull.refreshing })}
      <div
        className="od-pull"
        data-pull={state}
        style={{ height: pull.refreshing ? undefined : pull.offset }}
        role="status"
        aria-live="polite"
      >
        {pull.refreshing ? (
          <>
            <Spinner size={18} />
            <span>{t('orders.refreshing')}</span>
          </>
        ) : pull.offset > 0 ? (
          <span>{t('orders.pull_to_refresh')}</span>
        ) : null}
      </div>
      {children}
    </div>
  );
}
