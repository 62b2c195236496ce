// A list read page by page as its end scrolls into view; a failed page finishes it (docs/contract.md §4).
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Spinner } from './spinner.tsx';
import { useEndVisible } from './use-end-visible.ts';

/** Whole at `last_page` (the funds' paging), else at `total` or an empty page. */
export interface Page<T> {
  data: T[];
  total?: number;
  last_page?: number;
}

export type Pages<T> = ReturnType<typeof usePages<T>>;

/** A new `load` or `key` starts over, dropping older answers; shown items stay until page 1 comes, unless `clear`. */
export function usePages<T>(load: (page: number) => Promise<Page<T>>, key?: unknown, clear = false) {
  const [state, setState] = useState({ items: [] as T[], loading: false, finished: false });
  const page = useRef(0);
  const generation = useRef(0);
  const busy = useRef(false);

  const fetchPage = useCallback(
    async (n: number): Promise<void> => {
      const gen = generation.current;
      busy.current = true;
      setState((s) => ({ ...s, loading: true }));
      try {
        const r = await load(n);
        if (gen !== generation.current) return;
        page.current = n;
        setState((s) => {
          const items = n === 1 ? r.data : [...s.items, ...r.data];
          const whole =
            r.last_page === undefined ? r.data.length === 0 || items.length >= (r.total ?? 0) : r.last_page <= n;
          return { items, loading: false, finished: whole };
        });
      } catch {
        if (gen === generation.current) setState((s) => ({ ...s, loading: false, finished: true }));
      } finally {
        if (gen === generation.current) busy.current = false;
      }
    },
    [load],
  );

  const refresh = useCallback((): Promise<void> => {
    generation.current++;
    setState((s) => ({ ...s, items: clear ? [] : s.items, finished: false }));
    return fetchPage(1);
  }, [fetchPage, clear]);

  useEffect(() => void refresh(), [refresh, key]);

  const more = useCallback(() => {
    if (!busy.current && !state.finished) void fetchPage(page.current + 1);
  }, [fetchPage, state.finished]);

  return { ...state, more, refresh };
}

/** The list's foot: it asks for the next page in view, then says there is no more. */
export function ListEnd(p: { list: Pages<unknown>; className: string; role?: 'status' }): ReactElement {
  const { list } = p;
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const count = list.items.length;
  useEndVisible(ref, list.more, !list.finished && !list.loading, count);
  return (
    <div ref={ref} className={p.className} role={p.role}>
      {list.loading ? <Spinner size={18} /> : list.finished && count > 0 ? t('common.no_more') : null}
    </div>
  );
}
