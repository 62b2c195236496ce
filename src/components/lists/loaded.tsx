// One thing a screen loads when it opens: "No data" when the fetch failed, nothing while it is on its way.
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';

export interface LoadState<T> {
  data: T | null;
  failed: boolean;
}

/** `load` null (a bad id) shows as failed; a new `load` or `again` starts from empty, dropping earlier answers. */
export function useLoaded<T>(load: (() => Promise<T>) | null, again?: unknown): LoadState<T> {
  const [state, setState] = useState<LoadState<T>>({ data: null, failed: false });
  useEffect(() => {
    let current = true;
    setState({ data: null, failed: load === null });
    load?.().then(
      (data) => current && setState({ data, failed: false }),
      () => current && setState({ data: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [load, again]);
  return state;
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
