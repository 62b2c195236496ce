// A withdrawal's confirmation for tests that are about money, not about the code (the code's own path, sent and
// typed back, is tests/server/auth/account-security.test.ts): a live code of the withdrawal purpose for the account's
// e-mail, written straight into verification_codes, and its key; and no payout hold (payout_hold_hours 0).
import { randomBytes } from 'node:crypto';
import { CODE_TTL_MS, PURPOSE_WITHDRAW } from '../../../server/accounts/verification.ts';
import type { AppContext } from '../../../server/core/app-context.ts';
import { setSetting } from '../../../server/settings/settings.ts';

export async function withdrawCode(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  email: string,
): Promise<{ code: string; key: string }> {
  const code = String(100000 + Math.floor(Math.random() * 900000));
  const key = randomBytes(16).toString('base64url');
  const now = ctx.clock.now();
  await ctx.db.query(
    `INSERT INTO verification_codes (channel, target, purpose, code, created_at, expires_at, code_key)
     VALUES ('email', $1, $2, $3, $4, $5, $6)`,
    [email.toLowerCase(), PURPOSE_WITHDRAW, code, now, now + CODE_TTL_MS, key],
  );
  return { code, key };
}

/** New payout methods usable at once (the hold has its own tests). */
export const noPayoutHold = (ctx: Pick<AppContext, 'db'>): Promise<void> =>
  setSetting(ctx.db, 'payout_hold_hours', '0');
