// Wrong second-factor codes back off exponentially, shared by every gateway (docs/security.md "Lock-out rules").
import { backoffCeiling } from '../../domain/backoff.ts';
import { DAY_MS } from '../../domain/time.ts';
import type { Queryable } from '../db/db.ts';
import { tooManyRequests } from '../http/envelope.ts';
import { keyHash } from './counters.ts';
import type { Limits } from './limits.ts';

const BRAKE_FIRST_WAIT_MS = 60_000;
const STREAK_FORGOTTEN_MS = DAY_MS;

interface Brake {
  failures: number;
  last_at: string;
  blocked_until: string;
}

/** The first `free` wrong codes cost nothing. */
function brakeWait(failures: number, free: number): number {
  return failures < free ? 0 : backoffCeiling(failures - free, { baseMs: BRAKE_FIRST_WAIT_MS, maxMs: DAY_MS });
}

async function read(q: Queryable, key: string, now: number): Promise<{ failures: number; until: number }> {
  const [row] = await q.query<Brake>('SELECT failures, last_at, blocked_until FROM factor_brakes WHERE key = $1', [
    keyHash(key),
  ]);
  if (!row || Number(row.last_at) < now - STREAK_FORGOTTEN_MS) return { failures: 0, until: 0 };
  return { failures: row.failures, until: Number(row.blocked_until) };
}

async function count(q: Queryable, key: string, free: number, now: number): Promise<void> {
  const [row] = await q.query<{ failures: number }>(
    `INSERT INTO factor_brakes (key, failures, last_at, blocked_until) VALUES ($1, 1, $2, 0)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN factor_brakes.last_at < $3 THEN 1 ELSE factor_brakes.failures + 1 END, last_at = $2
     RETURNING failures`,
    [keyHash(key), now, now - STREAK_FORGOTTEN_MS],
  );
  const wait = brakeWait(row?.failures ?? 1, free);
  if (wait > 0) await q.query('UPDATE factor_brakes SET blocked_until = $2 WHERE key = $1', [keyHash(key), now + wait]);
}

interface FactorBrake {
  /** Throws 429 while this address, or (having failed before) the account, waits. */
  admit(account: string, address: string, now: number): Promise<void>;
  failed(account: string, address: string, now: number): Promise<void>;
  /** A good code ends the account's run and this address's. */
  passed(account: string, address: string): Promise<void>;
}

export function factorBrake(q: Queryable, limits: Pick<Limits, 'failures'>): FactorBrake {
  const accountFree = limits.failures('second_factor_account');
  const addressFree = limits.failures('second_factor_address');
  const pair = (account: string, address: string) => `${account}|${address}`;
  return {
    async admit(account, address, now) {
      const mine = await read(q, pair(account, address), now);
      if (mine.until > now) throw tooManyRequests(mine.until - now);
      const all = await read(q, account, now);
      if (all.until > now && mine.failures > 0) throw tooManyRequests(all.until - now);
    },
    async failed(account, address, now) {
      await count(q, account, accountFree, now);
      await count(q, pair(account, address), addressFree, now);
    },
    async passed(account, address) {
      await q.query('DELETE FROM factor_brakes WHERE key = ANY($1)', [
        [keyHash(account), keyHash(pair(account, address))],
      ]);
    },
  };
}
