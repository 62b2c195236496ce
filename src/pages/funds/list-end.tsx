// A fund list's paging, and its foot: a sentinel that loads the next page when it scrolls into view, then "no more".
import { useRef, type ReactElement, useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Spinner } from '../../components/lists/spinner.tsx';
import { useEndVisible } from '../../components/lists/use-end-visible.ts';
import type { LastPaged } from '../../../domain/fund-types.ts';

// Paged the funds way (docs/contract.md §4): a failed load marks the list finished.
export interface FundPages<T> {
  items: T[];
  loading: boolean;
  finished: boolean;
  loadMore: () => void;
  reload: () => Promise<void>;
}

/** `again`: a change loads the list again from page 1 (the reader's language: funds come in it). */
export function useFundPages<T>(load: (page: number) => Promise<LastPaged<T>>, again?: unknown): FundPages<T> {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [finished, setFinished] = useState(false);
  const page = useRef(0);
  const generation = useRef(0);

  const fetchPage = useCallback(
    async (n: number, replace: boolean): Promise<void> => {
      const gen = generation.current;
      setLoading(true);
      try {
        const r = await load(n);
        if (gen !== generation.current) return;
        page.current = n;
        setItems((old) => (replace ? r.data : [...old, ...r.data]));
        setFinished(r.last_page <= n);
      } catch {
        if (gen === generation.current) setFinished(true);
      } finally {
        if (gen === generation.current) setLoading(false);
      }
    },
    [load],
  );

  const reload = useCallback(async (): Promise<void> => {
    generation.current++;
    setFinished(false);
    await fetchPage(1, true);
  }, [fetchPage]);

  useEffect(() => {
    void reload();
  }, [reload, again]);

  const loadMore = useCallback(() => {
    if (!loading && !finished) void fetchPage(page.current + 1, false);
  }, [loading, finished, fetchPage]);

  return { items, loading, finished, loadMore, reload };
}

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
