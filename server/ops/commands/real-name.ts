import { ReviewStatus } from '../../../domain/wallet-types.ts';
import { ApiError, fieldInvalid } from '../../http/envelope.ts';
import { wireTime } from '../../../domain/wire-time.ts';
import { uploadUrl } from '../../uploads/store.ts';
import { realNamesByStatus, reviewRealName } from '../../accounts/real-name-repository.ts';
import { announceAccountChange, type OpsCommand } from '../command.ts';
import { textArg } from '../args.ts';
import { findUser } from './users.ts';

function review(name: string, summary: string, to: number, needsReason: boolean): OpsCommand {
  const user = { name: 'user', help: 'uid, e-mail, mobile number or #id' };
  return {
    name,
    right: 'real-name',
    summary,
    params: needsReason ? [user, { name: 'reason', help: 'shown to the trader' }] : [user],
    async run(ctx, args) {
      const found = await findUser(ctx.db, args.user);
      const reason = needsReason ? textArg(args.reason, 'reason', true) : '';
      const done = await reviewRealName(ctx.db, found.id, ReviewStatus.REVIEWING, to, reason, ctx.clock.now());
      if (!done) throw new ApiError('real_name_not_reviewing');
      announceAccountChange(ctx, found.id, 'real_name');
      return { user: found.uid, review_status: to, reason };
    },
  };
}

export const REAL_NAME_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'realname-list',
    right: 'real-name',
    summary: 'Real-name submissions by status (default: waiting for review), oldest first',
    params: [{ name: 'status', help: '0 rejected or none, 1 reviewing, 2 verified', optional: true }],
    async run(ctx, args) {
      const status = args.status ?? '1';
      if (!/^[0-2]$/.test(status)) throw fieldInvalid('status');
      const rows = await realNamesByStatus(ctx.db, Number(status), 100);
      return rows.map((r) => ({
        user: r.uid,
        name: r.name,
        card_id: r.card_id,
        photos: [uploadUrl(r.front_upload), uploadUrl(r.reverse_upload)],
        reason: r.reason,
        submitted_at: wireTime(r.submitted_at),
      }));
    },
  },
  review('realname-verify', 'Verify a waiting real-name submission', ReviewStatus.VERIFIED, false),
  review('realname-reject', 'Reject a waiting real-name submission with the reason', ReviewStatus.NONE, true),
];
