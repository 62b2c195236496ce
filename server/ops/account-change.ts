// Only after the commit, so a paid withdrawal stops showing "Pending" without a reload.
import type { AccountChange } from '../../domain/ws-protocol.ts';
import type { AppContext } from '../core/app-context.ts';

export function announceAccountChange(ctx: Pick<AppContext, 'push'>, userId: number, kind: AccountChange): void {
  ctx.push.toUser(userId, { type: 'ACCOUNT', data: { kind } });
}
