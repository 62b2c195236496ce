// The account-wide brake on password guessing that cannot be turned against the owner. Wrong passwords are counted
// per account (all addresses) in a fixed window; once FAILURE_BUDGETS.login_account is reached the account is
// "locked" for the rest of that window, which means: an address that already tried this account in the window is
// refused (429) before the password is checked, and any other address gets exactly one try. So a flood from a few
// addresses locks out only those addresses, the owner signs in from their own, and guessing from many addresses
// gets one guess per address per window. (The per-request budgets in rate-limit.ts come on top.) Wrong second-factor
// codes have their own, escalating brake (factor-brake.ts).
import { ApiError } from '../http/envelope.ts';
import type { CountedWindows } from './counted-windows.ts';
import { RATE_WINDOW_MS, type Limits } from './limits.ts';

export interface LoginGuard {
  /** Before the password is checked: throws 429 when this address may not try this account now. */
  admit(account: string, address: string): Promise<void>;
  /** After a wrong password (or an unknown account: the same answer, so the same count). */
  failed(account: string, address: string): Promise<void>;
}

const tooMany = (ttlMs: number): ApiError =>
  new ApiError('too_many_requests', undefined, {}, 429, {
    'retry-after': String(Math.max(1, Math.ceil(ttlMs / 1000))),
  });

/**
 * Counted in `windows`: this process's memory (role all) or PostgreSQL (gateways), so wrong passwords spread over
 * several gateways lock the account exactly as on one.
 */
export function loginGuard(windows: CountedWindows, limits: Pick<Limits, 'failures'>): LoginGuard {
  const cap = limits.failures('login_account');
  // The keys hold the normalised account and the address; the shared store hashes them (never in a log either).
  const failures = (account: string): string => `f|${account}`;
  const tried = (account: string, address: string): string => `t|${account}|${address}`;
  return {
    async admit(account, address) {
      const f = await windows.peek(failures(account), RATE_WINDOW_MS);
      if (!f || f.count < cap) return;
      // Locked: one try per address. Counted before the password is checked, in one atomic step, so parallel
      // requests from one address cannot all get past before the first answer is known.
      const t = await windows.hit(tried(account, address), RATE_WINDOW_MS);
      if (t.count > 1) throw tooMany(f.ttlMs);
    },
    async failed(account, address) {
      await windows.hit(failures(account), RATE_WINDOW_MS);
      await windows.hit(tried(account, address), RATE_WINDOW_MS); // this address has had its try in this window
    },
  };
}
