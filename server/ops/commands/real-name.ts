// Operator review of real-name submissions: list them with their ID photos, verify one (status 2), or reject it
// with the reason the trader reads (back to status 0, so they can submit again).
import { ReviewStatus } from '../../../src/domain/wallet-types.ts';
import { announceAccountChange } from '../account-change.ts';
import { ApiError } from '../../http/envelope.ts';
import { wireTime } from '../../../src/domain/wire-time.ts';
import { uploadUrl } from '../../uploads/store.ts';
import { textArg } from '../args.ts';
import type { OpsCommand } from '../command.ts';
import { findUser } from './users.ts';

export const realNameList: OpsCommand = {
  name: 'realname-list',
  summary: 'Real-name submissions by status (default: waiting for review), oldest first',
  params: [{ name: 'status', help: '0 rejected or none, 1 reviewing, 2 verified', optional: true }],
  async run(ctx, args) {
    const status = args.status ?? '1';
    if (!/^[0-2]$/.test(status)) throw new ApiError('field_invalid', undefined, { field: 'status' });
    const rows = await ctx.db.query<{ uid: string; name: string; card_id: string; front_upload: string; reverse_upload: string; reason: string; submitted_at: string }>(
      `SELECT u.uid, r.name, r.card_id, r.front_upload, r.reverse_upload, r.reason, r.submitted_at
         FROM user_real r JOIN users u ON u.id = r.user_id WHERE r.review_status = $1 ORDER BY r.submitted_at LIMIT 100`,
      [Number(status)],
    );
    return rows.map((r) => ({
      user: r.uid,
      name: r.name,
      card_id: r.card_id,
      photos: [uploadUrl(r.front_upload), uploadUrl(r.reverse_upload)],
      reason: r.reason,
      submitted_at: wireTime(r.submitted_at),
    }));
  },
};

function review(name: string, summary: string, to: number, needsReason: boolean): OpsCommand {
  return {
    name,
    summary,
    params: [
      { name: 'user', help: 'uid, e-mail, mobile number or #id' },
      ...(needsReason ? [{ name: 'reason', help: 'shown to the trader' }] : []),
    ],
    async run(ctx, args) {
      const user = await findUser(ctx.db, args.user);
      const reason = needsReason ? textArg(args.reason, 'reason', true) : '';
      const done = await ctx.db.query(
        `UPDATE user_real SET review_status = $2, reason = $3, reviewed_at = $4 WHERE user_id = $1 AND review_status = $5 RETURNING user_id`,
        [user.id, to, reason, ctx.clock.now(), ReviewStatus.REVIEWING],
      );
      if (done.length === 0) throw new ApiError('real_name_not_reviewing');
      announceAccountChange(ctx, user.id, 'real_name');
      return { user: user.uid, review_status: to, reason };
    },
  };
}

export const realNameVerify = review('realname-verify', 'Verify a waiting real-name submission', ReviewStatus.VERIFIED, false);
export const realNameReject = review('realname-reject', 'Reject a waiting real-name submission with the reason', ReviewStatus.NONE, true);

export const REAL_NAME_COMMANDS: readonly OpsCommand[] = [realNameList, realNameVerify, realNameReject];
