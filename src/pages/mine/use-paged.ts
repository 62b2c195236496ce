// A failed load marks the list finished too (the client has toasted why).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Paged } from '../../../domain/wallet-types.ts';
import { useRefreshOnChange } from '../../components/hooks/use-refresh-on-change.ts';

export interface PagedState<T> {
  items: T[];
  loading: boolean;
  finished: boolean;
  /** Ignored while one is loading or when finished. */
  more: () => void;
  refresh: () => void;
}

export function usePaged<T>(load: (page: number) => Promise<Paged<T>>, key: unknown): PagedState<T> {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [finished, setFinished] = useState(false);
  const list = useRef<T[]>([]);
  const page = useRef(0);
  const generation = useRef(0); // answers for a list that was reset since are dropped
  const busy = useRef(false);

  const fetchPage = useCallback(
    (next: number, replace: boolean) => {
      const gen = generation.current;
      busy.current = true;
      setLoading(true);
      load(next)
        .then(
          (res) => {
            if (gen !== generation.current) return;
            page.current = next;
            const all = replace ? res.data : [...list.current, ...res.data];
            list.current = all;
            setItems(all);
            setFinished(res.data.length === 0 || all.length >= res.total);
          },
          () => {
            if (gen === generation.current) setFinished(true);
          },
        )
        .finally(() => {
          if (gen !== generation.current) return;
          busy.current = false;
          setLoading(false);
        });
    },
    [load],
  );

  const refresh = useCallback(() => {
    generation.current += 1;
    setFinished(false);
    fetchPage(1, true);
  }, [fetchPage]);

  const more = useCallback(() => {
    if (busy.current || finished) return;
    fetchPage(page.current + 1, false);
  }, [fetchPage, finished]);

  // oxlint-disable-next-line react-hooks/exhaustive-deps -- `key` names the list: a new key starts it again
  useEffect(refresh, [key]);
  // A record's status changed elsewhere (a withdrawal paid): the list starts again from page 1.
  useRefreshOnChange(refresh);
  return { items, loading, finished, more, refresh };
}
