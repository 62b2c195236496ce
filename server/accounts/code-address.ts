// Used when the code is sent and when it is checked, so both name the same target.
import type { AppContext } from '../core/app-context.ts';
import type { UserRow } from '../auth/users.ts';
import { ApiError } from '../http/envelope.ts';
import { areaPrefix } from './area-codes.ts';
import { e164 } from './identity.ts';

export async function codeAddress(
  ctx: Pick<AppContext, 'db'>,
  user: UserRow,
): Promise<{ channel: 'email' | 'sms'; target: string; recipient: string }> {
  if (user.email) return { channel: 'email', target: user.email, recipient: user.email };
  const prefix = user.mobile && user.area_id !== null ? await areaPrefix(ctx.db, user.area_id) : null;
  if (!user.mobile || prefix === null) throw new ApiError('code_invalid');
  return { channel: 'sms', target: user.mobile, recipient: e164(prefix, user.mobile) };
}
