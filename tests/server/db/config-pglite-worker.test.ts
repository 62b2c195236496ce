// Embedded PGlite runs on a worker thread unless PGLITE_WORKER=0 (server/config.ts pgliteWorkerEnv; the soak
// decided it): the environment's default, the opt-out, and a clear refusal of anything else.
import { describe, expect, it } from 'vitest';
import { configFromEnv, pgliteWorkerEnv } from '../../../server/config.ts';

describe('PGLITE_WORKER', () => {
  it('puts PGlite on a worker thread by default, and on the server’s own thread only when it is 0', () => {
    expect(configFromEnv({}).pgliteWorker).toBe(true);
    expect(configFromEnv({ PGLITE_WORKER: '1' }).pgliteWorker).toBe(true);
    expect(configFromEnv({ PGLITE_WORKER: '0' }).pgliteWorker).toBe(false);
  });

  it('refuses any other value with what it takes', () => {
    for (const raw of ['yes', 'true', '2', ' 1']) {
      expect(() => pgliteWorkerEnv(raw)).toThrow(
        `PGLITE_WORKER must be 1 (PGlite on a worker thread, the default) or 0 (on the server's own thread), got "${raw}"`,
      );
    }
  });
});
