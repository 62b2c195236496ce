// The foot of a fund list: a sentinel that loads the next page when it scrolls into view, then "no more".
import { useRef, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Spinner } from '../../components/lists/spinner.tsx';
import { useEndVisible } from '../../components/lists/use-end-visible.ts';

export function ListEnd(p: { loading: boolean; finished: boolean; count: number; onMore: () => void }): ReactElement {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEndVisible(ref, p.onMore, !p.finished && !p.loading, p.count);
  return (
    <div ref={ref} className="fund-end muted">
      {p.loading ? <Spinner size={18} /> : p.finished && p.count > 0 ? t('common.no_more') : null}
    </div>
  );
}
