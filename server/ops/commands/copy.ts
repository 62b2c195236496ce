// A suspended provider's closes are still copied (docs/copy-trading.md "Back office").
import { ApiError } from '../../http/envelope.ts';
import { CopyMirror } from '../../copy/mirror.ts';
import { copiesForOps, feesForOps, providersForOps, reconcileState } from '../../copy/copy-ops-views.ts';
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

const LIMIT = 100;

export const COPY_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'copy-list',
    right: 'users',
    live: true,
    summary:
      'Copies, newest first: provider, follower, status, invested, equity, P&L, fees, positions, linked, orphans, skips',
    params: [
      { name: 'provider', help: 'only the copies of this provider (uid, e-mail, mobile or #id)', optional: true },
      { name: 'all', help: 'yes: stopped copies too', optional: true, flag: true },
    ],
    async run(ctx, args) {
      const providerId = args.provider ? (await findUser(ctx.db, args.provider)).id : null;
      return copiesForOps(ctx, { providerId, running: args.all !== 'yes' }, LIMIT);
    },
  },
  {
    name: 'copy-providers',
    right: 'users',
    live: true,
    summary: 'Copy-trading providers, most copied first: world, fee, copiers, AUM (copies’ equity), fees earned',
    params: [],
    run: (ctx) => providersForOps(ctx, LIMIT),
  },
  {
    name: 'copy-fees',
    right: 'credits',
    summary: 'Copy performance-fee settlements, newest first: copy, provider, follower, period, equity, mark, fee',
    params: [],
    run: (ctx) => feesForOps(ctx.db, LIMIT),
  },
  {
    name: 'copy-state',
    right: 'users',
    live: true,
    summary: 'Copy reconciliation now: running copies, linked positions, orphans waiting, skipped trades by reason',
    params: [],
    run: (ctx) => reconcileState(ctx.db),
  },
  suspension('provider-suspend', true),
  suspension('provider-unsuspend', false),
  {
    name: 'copy-reconcile',
    right: 'halts',
    money: 'due',
    summary: 'Close copied positions whose provider position closed (orphans) and finish missed mirrored actions',
    params: [],
    run: (ctx) => new CopyMirror(ctx).reconcile(),
  },
];
