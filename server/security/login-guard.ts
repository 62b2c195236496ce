// The brake on password guessing that cannot be turned against the owner (docs/security.md "Lock-out rules").
import { tooManyRequests } from '../http/envelope.ts';
import type { CountedWindows } from './counted-windows.ts';
import { RATE_WINDOW_MS, type Limits } from './limits.ts';

interface LoginGuard {
  /** Throws 429 before the password is checked. */
  admit(account: string, address: string): Promise<void>;
  /** An unknown account counts too: the same answer, so the same count. */
  failed(account: string, address: string): Promise<void>;
}

/** Wrong passwords spread over several gateways lock the account exactly as on one when `windows` is shared. */
export function loginGuard(windows: CountedWindows, limits: Pick<Limits, 'failures'>): LoginGuard {
  const cap = limits.failures('login_account');
  // The shared store hashes the keys: they hold the account and the address.
  const failures = (account: string): string => `f|${account}`;
  const tried = (account: string, address: string): string => `t|${account}|${address}`;
  return {
    async admit(account, address) {
      const f = await windows.peek(failures(account), RATE_WINDOW_MS);
      if (!f || f.count < cap) return;
      // Counted before the password is checked, atomically, so parallel requests cannot all pass the first answer.
      const t = await windows.hit(tried(account, address), RATE_WINDOW_MS);
      if (t.count > 1) throw tooManyRequests(f.ttlMs);
    },
    async failed(account, address) {
      await windows.hit(failures(account), RATE_WINDOW_MS);
      await windows.hit(tried(account, address), RATE_WINDOW_MS); // this address has had its try in this window
    },
  };
}
