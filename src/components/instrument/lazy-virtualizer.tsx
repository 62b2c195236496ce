// virtua's Virtualizer as a chunk of its own, off the first screen's bytes (bench/README.md "Start-up"): the
// prerendered market list is HTML that needs no script to show, so React attaches to the rest of `/` without it, and
// to the list's rows once it has come (market-list.tsx puts them in a Suspense boundary of their own while attaching).
// Start-up asks for it beside the route's chunk (src/boot/attach-first-screen.ts), so it is usually in before React
// reaches the list. A failed load is tried again as a route's is (chunk-retry.ts).
import { use, type ReactElement } from 'react';
import type { VirtualizerProps } from 'virtua';
import { browserChunkDeps, loadChunk } from '../hooks/chunk-retry.ts';

type Virtua = typeof import('./virtualizer-chunk.ts');

let loaded: Virtua | null = null;
let loading: Promise<Virtua> | null = null;
let load = (): Promise<Virtua> => import('./virtualizer-chunk.ts');

/** virtua's chunk, loaded once (again after a failure, on the next call). */
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

/** Tests: forget the loaded chunk and load it with `from` (a chunk that arrives when the test says). */
export function resetVirtualizerLoad(from: () => Promise<Virtua> = () => import('./virtualizer-chunk.ts')): void {
  loaded = null;
  loading = null;
  load = from;
}

/** virtua's Virtualizer; until its chunk is in, suspends (use) on it. */
export function LazyVirtualizer<T>(props: VirtualizerProps<T>): ReactElement {
  const { Virtualizer } = loaded ?? use(loadVirtualizer());
  return <Virtualizer {...props} />;
}
