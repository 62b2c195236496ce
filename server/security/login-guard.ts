// The account-wide brake on password guessing that cannot be turned against the owner. Wrong passwords are counted
// per account (all addresses) in a fixed window; once FAILURE_BUDGETS.login_account is reached the account is
// "locked" for the rest of that window, which means: an address that already tried this account in the window is
// refused (429) before the password is checked, and any other address gets exactly one try. So a flood from a few
// addresses locks out only those addresses, the owner signs in from their own, and guessing from many addresses
// gets one guess per address per window. (The per-request budgets in rate-limit.ts come on top.)
import type { Clock } from '../../src/domain/time.ts';
import { ApiError } from '../http/envelope.ts';
import { RATE_WINDOW_MS, type Limits } from './limits.ts';
import { FixedWindows } from './windows.ts';

export interface LoginGuard {
  /** Before the password is checked: throws 429 when this address may not try this account now. */
  admit(account: string, address: string): void;
  /** After a wrong password (or an unknown account: the same answer, so the same count). */
  failed(account: string, address: string): void;
}

const tooMany = (ttlMs: number): ApiError =>
  new ApiError('too_many_requests', undefined, {}, 429, { 'retry-after': String(Math.max(1, Math.ceil(ttlMs / 1000))) });

export function loginGuard(clock: Clock, limits: Pick<Limits, 'failures'>): LoginGuard {
  const windows = new FixedWindows(clock);
  const cap = limits.failures('login_account');
  // Keys hold the normalised account and the address only in this process's memory, never in a log.
  const failures = (account: string): string => `f|${account}`;
  const tried = (account: string, address: string): string => `t|${account}|${address}`;
  return {
    admit(account, address) {
      const f = windows.peek(failures(account));
      if (!f || f.count < cap) return;
      // Locked: one try per address. Marked here, synchronously, so parallel requests from one address cannot
      // all get past before the first answer is known.
      if (windows.peek(tried(account, address))) throw tooMany(f.ttlMs);
      windows.hit(tried(account, address), f.ttlMs);
    },
    failed(account, address) {
      windows.hit(failures(account), RATE_WINDOW_MS);
      const t = windows.peek(tried(account, address));
      if (!t) windows.hit(tried(account, address), RATE_WINDOW_MS);
    },
  };
}
