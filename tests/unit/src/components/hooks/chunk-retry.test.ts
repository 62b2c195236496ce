// A route chunk that fails to load is tried again once the server answers, and only the last failure reaches the
// route's error page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  browserChunkDeps,
  CHUNK_RETRY_PAUSES_MS,
  loadChunk,
  ONLINE_WAIT_CAP_MS,
  type ChunkRetryDeps,
} from '../../../../../src/components/hooks/chunk-retry.ts';
import { $conn } from '../../../../../src/state/feed/feed-signals.ts';

function recordingDeps(): ChunkRetryDeps & { log: string[] } {
  const log: string[] = [];
  return {
    log,
    pause: (ms) => {
      log.push(`pause ${ms}`);
      return Promise.resolve();
    },
    online: () => {
      log.push('online');
      return Promise.resolve();
    },
  };
}

describe('loadChunk', () => {
  it('retries a failed load after a pause and once online, and returns the module', async () => {
    const deps = recordingDeps();
    let calls = 0;
    const load = (): Promise<string> =>
      ++calls < 3 ? Promise.reject(new Error('net::ERR_CONNECTION_REFUSED')) : Promise.resolve('page');
    await expect(loadChunk(load, deps, [10, 20, 30])).resolves.toBe('page');
    expect(calls).toBe(3);
    expect(deps.log).toEqual(['pause 10', 'online', 'pause 20', 'online']);
  });

  it('gives the last error to the route once the pauses are spent', async () => {
    const deps = recordingDeps();
    let calls = 0;
    const load = (): Promise<string> => Promise.reject(new Error(`gone ${++calls}`));
    await expect(loadChunk(load, deps, [1, 2])).rejects.toThrow('gone 3');
    expect(calls).toBe(3);
  });

  it('a first success needs no wait', async () => {
    const deps = recordingDeps();
    await expect(loadChunk(() => Promise.resolve(1), deps)).resolves.toBe(1);
    expect(deps.log).toEqual([]);
    expect(CHUNK_RETRY_PAUSES_MS.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(31_000);
  });
});

describe('browserChunkDeps().online', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    $conn.value = 'connecting';
  });

  it('waits for the feed to be live again', async () => {
    $conn.value = 'reconnecting';
    let resolved = false;
    void browserChunkDeps()
      .online()
      .then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(resolved).toBe(false);
    $conn.value = 'live';
    await vi.advanceTimersByTimeAsync(0);
    expect(resolved).toBe(true);
  });

  it('tries anyway after the cap when the socket never comes back', async () => {
    $conn.value = 'offline';
    let resolved = false;
    void browserChunkDeps()
      .online()
      .then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(ONLINE_WAIT_CAP_MS - 1);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toBe(true);
  });

  it('pause waits the given time on the injected timers', async () => {
    let resolved = false;
    void browserChunkDeps()
      .pause(500)
      .then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toBe(true);
  });
});
