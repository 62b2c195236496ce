// A failed route chunk is tried again after a pause and once the feed is live; a chunk a deploy removed still fails.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { effect } from '@preact/signals-react';
import { $conn } from '../../state/feed/feed-signals.ts';
import { browserTimers } from '../../state/shell/clock.ts';

/** Pauses before the 2nd, 3rd… try; their sum (≈ 30 s) bounds how long a page waits before it says it failed. */
export const CHUNK_RETRY_PAUSES_MS: readonly number[] = [500, 1_000, 2_000, 4_000, 8_000, 15_000];
/** Longest wait for the feed to come back before a try anyway (a socket a proxy blocks must not block pages). */
export const ONLINE_WAIT_CAP_MS = 10_000;

export type ChunkRetryDeps = ReturnType<typeof browserChunkDeps>;

export async function loadChunk<T>(
  load: () => Promise<T>,
  deps: ChunkRetryDeps,
  pauses = CHUNK_RETRY_PAUSES_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (err) {
      const pause = pauses[attempt];
      if (pause === undefined) throw err;
      await deps.pause(pause);
      await deps.online();
    }
  }
}

/** React.lazy keeps a rejection for good: the component's chunk is tried again as a route's is. */
export function lazyChunk<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await loadChunk(load, browserChunkDeps()) }));
}

export function browserChunkDeps() {
  return {
    pause: (ms: number) => new Promise<void>((resolve) => void browserTimers.setTimeout(resolve, ms)),
    online: () =>
      new Promise<void>((resolve) => {
        let done = false;
        const finish = (): void => {
          if (done) return;
          done = true;
          stop();
          browserTimers.clearTimeout(cap);
          resolve();
        };
        const cap = browserTimers.setTimeout(finish, ONLINE_WAIT_CAP_MS);
        // effect runs at once: already live resolves immediately.
        const stop = effect(() => {
          if ($conn.value === 'live') queueMicrotask(finish);
        });
      }),
  };
}
