// Operator actions on copy trading (docs/copy-trading.md): suspend a provider (nothing new is copied; closes still
// are) or lift the suspension — the dealer's, each an audit row — and run the reconciliation once now (orphans closed,
// missed actions finished; it also runs every minute on the writer).
import { ApiError } from '../../http/envelope.ts';
import { CopyMirror } from '../../copy/mirror.ts';
import { setSuspended } from '../../copy/copy-repository.ts';
import type { OpsCommand } from '../command.ts';
import { findUser } from './users.ts';

function suspension(name: string, suspend: boolean): OpsCommand {
  return {
    name,
    right: 'halts',
    summary: suspend
      ? 'Suspend a copy-trading provider: nothing new is copied and no copy can start'
      : "Lift a copy-trading provider's suspension",
    params: [{ name: 'user', help: 'uid, e-mail, mobile number or #id of the provider' }],
    async run(ctx, args) {
      const user = await findUser(ctx.db, args.user);
      if (!(await setSuspended(ctx.db, user.id, suspend ? ctx.clock.now() : null))) throw new ApiError('not_found');
      return { provider: user.uid, suspended: suspend };
    },
  };
}

export const copyReconcile: OpsCommand = {
  name: 'copy-reconcile',
  right: 'halts',
  money: 'due',
  summary: 'Close copied positions whose provider position closed (orphans) and finish missed mirrored actions',
  params: [],
  run: (ctx) => new CopyMirror(ctx).reconcile(),
};

export const COPY_COMMANDS: readonly OpsCommand[] = [
  suspension('provider-suspend', true),
  suspension('provider-unsuspend', false),
  copyReconcile,
];
