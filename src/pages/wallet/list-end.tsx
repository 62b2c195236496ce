// The foot of a paged list: a sentinel that asks for the next page as it nears the screen, then "no more".
import { useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner.tsx';
import { useEndVisible } from '../order/use-end-visible.ts';
import type { PagedList } from './use-paged.ts';

export function ListEnd({ list }: { list: PagedList<unknown> }): ReactElement {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEndVisible(ref, list.loadMore, list.loaded && !list.finished && !list.loading, list.items.length);
  return (
    <div ref={ref} className="wl-list-end" data-state={list.finished ? 'finished' : 'more'}>
      {list.loading ? <Spinner size={18} /> : list.finished && list.items.length > 0 ? t('common.no_more') : null}
    </div>
  );
}
