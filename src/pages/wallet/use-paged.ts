// One paged list (SPEC §4 "Lists"): pages are 1-based; the list is finished when loaded >= total, and a failed
// load marks it finished too (the trader pulls to refresh to try again). `reload` starts over from page 1;
// an answer for an older generation (a switch of tab, a refresh) is dropped.
import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancelled } from '../../api/client.ts';

export interface PagedList<T> {
  items: readonly T[];
  total: number;
  loading: boolean;
  finished: boolean;
  loaded: boolean; // the first page has answered
  loadMore: () => void;
  reload: () => void;
}

export type PageLoader<T> = (page: number, signal: AbortSignal) => Promise<{ items: T[]; total: number }>;

export function usePaged<T>(load: PageLoader<T>, key: unknown): PagedList<T> {
  const [items, setItems] = useState<readonly T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [finished, setFinished] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const gen = useRef(0);
  const next = useRef(1);
  const busy = useRef(false);
  const count = useRef(0);
  const abort = useRef<AbortController | null>(null);
  const latest = useRef(load);
  latest.current = load;

  const fetchPage = useCallback((fresh: boolean) => {
    if (fresh) {
      abort.current?.abort();
      gen.current += 1;
      next.current = 1;
      busy.current = false;
    }
    if (busy.current) return;
    busy.current = true;
    const mine = gen.current;
    const page = next.current;
    const ctl = new AbortController();
    abort.current = ctl;
    setLoading(true);
    latest.current(page, ctl.signal).then(
      (res) => {
        if (mine !== gen.current) return;
        busy.current = false;
        next.current = page + 1;
        count.current = (page === 1 ? 0 : count.current) + res.items.length;
        setItems((prev) => (page === 1 ? res.items : [...prev, ...res.items]));
        setFinished(count.current >= res.total || res.items.length === 0);
        setTotal(res.total);
        setLoading(false);
        setLoaded(true);
      },
      (err: unknown) => {
        if (mine !== gen.current || isCancelled(err)) return;
        busy.current = false;
        setLoading(false);
        setFinished(true);
        setLoaded(true);
      },
    );
  }, []);

  const reload = useCallback(() => {
    setFinished(false);
    fetchPage(true);
  }, [fetchPage]);
  const loadMore = useCallback(() => {
    if (!finished) fetchPage(false);
  }, [fetchPage, finished]);

  useEffect(() => {
    setItems([]);
    setTotal(0);
    setLoaded(false);
    reload();
    return () => abort.current?.abort();
  }, [key, reload]);

  return { items, total, loading, finished, loaded, loadMore, reload };
}
