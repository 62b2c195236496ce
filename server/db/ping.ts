// A held connection must make /healthz say so, not hang the load balancer's probe.
import type { Timers } from '../../domain/time.ts';
import type { Queryable } from './db.ts';

export const PING_TIMEOUT_MS = 3_000;

export class PingTimeout extends Error {
  constructor(ms: number) {
    super(`the database did not answer within ${ms} ms`);
    this.name = 'PingTimeout';
  }
}

export async function ping(db: Queryable, timers: Timers, ms = PING_TIMEOUT_MS): Promise<void> {
  let timer: unknown;
  const late = new Promise<never>((_, reject) => {
    timer = timers.setTimeout(() => reject(new PingTimeout(ms)), ms);
  });
  try {
    await Promise.race([db.query('SELECT 1'), late]);
  } finally {
    timers.clearTimeout(timer);
  }
}
