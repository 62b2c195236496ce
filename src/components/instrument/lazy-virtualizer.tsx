// virtua as a chunk off the first screen's bytes: the prerendered list needs no script to show (market-list.tsx).
import { use, type ReactElement } from 'react';
import type { VirtualizerProps } from 'virtua';
import { browserChunkDeps, loadChunk } from '../hooks/chunk-retry.ts';

type Virtua = typeof import('./virtualizer-chunk.ts');

let loaded: Virtua | null = null;
let loading: Promise<Virtua> | null = null;
let load = (): Promise<Virtua> => import('./virtualizer-chunk.ts');

/** Loaded again after a failure, on the next call. */
export function loadVirtualizer(): Promise<Virtua> {
  loading ??= loadChunk(load, browserChunkDeps()).then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** Tests: `from` is a chunk that arrives when the test says. */
export function resetVirtualizerLoad(from: () => Promise<Virtua> = () => import('./virtualizer-chunk.ts')): void {
  loaded = null;
  loading = null;
  load = from;
}

export function LazyVirtualizer<T>(props: VirtualizerProps<T>): ReactElement {
  const { Virtualizer } = loaded ?? use(loadVirtualizer());
  return <Virtualizer {...props} />;
}
