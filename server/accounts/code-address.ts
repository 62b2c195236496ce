// Where an account's withdrawal code goes (docs/security.md "Withdrawal confirmation"): its e-mail, else its mobile
// number with the area's prefix. Asked when the code is sent (server/routes/security.ts) and when it is checked
// (server/wallet/withdrawal-flow.ts), so both name the same target.
import type { AppContext } from '../core/app-context.ts';
import type { UserRow } from '../auth/users.ts';
import { ApiError } from '../http/envelope.ts';
import { areaPrefix } from './area-codes.ts';
import { e164 } from './identity.ts';

/** The channel, the normalised target a code is stored under, and the address it is sent to. */
export async function codeAddress(
  ctx: Pick<AppContext, 'db'>,
  user: UserRow,
): Promise<{ channel: 'email' | 'sms'; target: string; recipient: string }> {
  if (user.email) return { channel: 'email', target: user.email, recipient: user.email };
  const prefix = user.mobile && user.area_id !== null ? await areaPrefix(ctx.db, user.area_id) : null;
  if (!user.mobile || prefix === null) throw new ApiError('code_invalid');
  return { channel: 'sms', target: user.mobile, recipient: e164(prefix, user.mobile) };
}
