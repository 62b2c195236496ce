// One thing a screen loads when it opens (an announcement, a news story): useLoaded fetches it, Loaded shows it once it
// is there, "No data" when the fetch failed (or there is nothing to fetch), and nothing while it is on its way.
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';

export interface LoadState<T> {
  data: T | null;
  failed: boolean;
}

/**
 * `load` null: nothing to fetch (a bad id), which shows as failed. A new `load`, or a new `again` (the reader's
 * language, for content that comes in it), starts again from empty; an answer to an earlier load is dropped.
 */
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
