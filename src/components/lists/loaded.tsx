// One thing a screen loads when it opens: "No data" when the fetch failed, nothing while it is on its way.
import { useCallback, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';

export interface LoadState<T> {
  data: T | null;
  failed: boolean;
  reload: () => void;
}

/**
 * `load` null (a bad id) shows as failed; a new `load`, `again` or `reload()` starts from empty, dropping earlier
 * answers, or with `keep` goes on showing the last data, a failed read included.
 */
export function useLoaded<T>(load: (() => Promise<T>) | null, again?: unknown, keep = false): LoadState<T> {
  const [state, setState] = useState<Omit<LoadState<T>, 'reload'>>({ data: null, failed: false });
  const [reads, setReads] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => ({ data: keep ? s.data : null, failed: load === null }));
    load?.().then(
      (data) => current && setState({ data, failed: false }),
      () => current && setState((s) => ({ data: keep ? s.data : null, failed: true })),
    );
    return () => {
      current = false;
    };
  }, [load, again, keep, reads]);
  return { ...state, reload: useCallback(() => setReads((n) => n + 1), []) };
}

export function Loaded<T>({
  state,
  children,
}: {
  state: LoadState<T>;
  children: (data: T) => ReactNode;
}): ReactElement | null {
  if (state.data !== null) return <>{children(state.data)}</>;
  return state.failed ? <EmptyState textKey="common.no_data" /> : null;
}
