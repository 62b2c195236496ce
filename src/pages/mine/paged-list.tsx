import { useRef, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { Spinner } from '../../components/lists/spinner.tsx';
import { useEndVisible } from '../../components/lists/use-end-visible.ts';
import type { Pages } from '../../components/lists/pages.tsx';
import { useRefreshOnChange } from '../../components/hooks/use-refresh-on-change.ts';

export function PagedList<T>(props: {
  state: Pages<T>;
  keyOf: (item: T) => string | number;
  render: (item: T) => ReactNode;
  testId: string;
}): ReactElement {
  const { t } = useTranslation();
  const { state } = props;
  const end = useRef<HTMLDivElement>(null);
  useEndVisible(end, state.more, !state.finished && !state.loading, state.items.length);
  // A record's status changed elsewhere (a withdrawal paid): the list starts again from page 1.
  useRefreshOnChange(() => void state.refresh());
  if (state.finished && state.items.length === 0) {
    return (
      <div className="mw-list" data-testid={props.testId} data-state="empty">
        <EmptyState textKey="common.no_data" />
      </div>
    );
  }
  return (
    // Busy while a page loads: what the screen shows beside the rows (a count, a button) may still change with it.
    <div
      className="mw-list"
      data-testid={props.testId}
      data-state={state.finished ? 'finished' : 'more'}
      aria-busy={state.loading}
    >
      <ul className="mw-rows">
        {state.items.map((item) => (
          <li key={props.keyOf(item)}>{props.render(item)}</li>
        ))}
      </ul>
      <div ref={end} className="mw-end" role="status">
        {state.finished ? <span className="muted">{t('common.no_more')}</span> : <Spinner size={20} />}
      </div>
    </div>
  );
}
