// The per-address socket cap across gateways; a dead gateway's leases stop counting within two periods.
import type { Clock, Timers } from '../../domain/time.ts';
import { countOf, type Queryable } from '../db/db.ts';
import { keyHash } from './counters.ts';

export interface SocketLeases {
  /** False, counting nothing, when all gateways together are at the cap. */
  admit(address: string): Promise<boolean>;
  release(address: string): Promise<void>;
  stop(): void;
}

const LEASE_MS = 30_000;

export function sharedSocketLeases(
  deps: { db: Queryable; clock: Clock; timers: Timers; onError?: (err: unknown) => void },
  perAddress: number,
  gatewayId: string,
): SocketLeases {
  const { db, clock, timers } = deps;
  const open = new Map<string, number>(); // this gateway's sockets per address hash
  const period = (): number => Math.floor(clock.now() / LEASE_MS) * LEASE_MS;
  const keyOf = (hash: string): string => `${hash}|${gatewayId}`;

  async function write(hash: string): Promise<void> {
    const n = open.get(hash) ?? 0;
    if (n === 0) {
      await db.query(`DELETE FROM security_counters WHERE scope = 'socket' AND key = $1`, [keyOf(hash)]);
      return;
    }
    await db.query(
      `INSERT INTO security_counters (scope, key, window_start, count) VALUES ('socket', $1, $2, $3)
       ON CONFLICT (scope, key, window_start) DO UPDATE SET count = EXCLUDED.count`,
      [keyOf(hash), period(), n],
    );
  }

  function total(hash: string): Promise<number> {
    // Older periods' rows are left to the renewal's clean-up.
    return countOf(
      db,
      `SELECT sum(count) AS n FROM (
         SELECT DISTINCT ON (key) count FROM security_counters
          WHERE scope = 'socket' AND key LIKE $1 AND window_start >= $2
          ORDER BY key, window_start DESC) latest`,
      [`${hash}|%`, period() - LEASE_MS],
    );
  }

  // Renewal: this gateway's counts into the current period, its older rows dropped.
  const renew = async (): Promise<void> => {
    for (const hash of open.keys()) await write(hash);
    await db.query(`DELETE FROM security_counters WHERE scope = 'socket' AND key LIKE $1 AND window_start < $2`, [
      `%|${gatewayId}`,
      period(),
    ]);
  };
  const handle = timers.setInterval(() => {
    renew().catch((err: unknown) => deps.onError?.(err));
  }, LEASE_MS);

  return {
    async admit(address) {
      const hash = keyHash(address);
      open.set(hash, (open.get(hash) ?? 0) + 1);
      await write(hash);
      if ((await total(hash)) <= perAddress) return true;
      await this.release(address);
      return false;
    },
    async release(address) {
      const hash = keyHash(address);
      const n = (open.get(hash) ?? 0) - 1;
      if (n <= 0) open.delete(hash);
      else open.set(hash, n);
      await write(hash);
    },
    stop() {
      timers.clearInterval(handle);
    },
  };
}
