// The second approval is never the first member's and runs the same four-eyes gate (docs/back-office.md "Four eyes").
import { wireTime } from '../../../domain/wire-time.ts';
import { ApiError } from '../../http/envelope.ts';
import {
  closeApproval,
  lockApproval,
  waitingApprovalOf,
  waitingApprovals,
  type ApprovalRow,
} from '../../staff/approvals-repository.ts';
import type { AppContext } from '../../core/app-context.ts';
import { idArg } from '../args.ts';
import { movesMoney, type MovingCommand, type OpsArgs, type OpsCommand, type OpsParam } from '../command.ts';

const APPROVAL_ID: OpsParam = { name: 'id', help: 'the approval id (approval-list)' };

/** A decided item needs no second approval any more. */
export async function dropWaitingApproval(ctx: AppContext, kind: string, item: number): Promise<void> {
  const waiting = await waitingApprovalOf(ctx.db, kind, item);
  if (waiting) await closeApproval(ctx.db, waiting.id, 'dropped', null, ctx.clock.now());
}

async function waiting(ctx: AppContext, raw: string | undefined): Promise<ApprovalRow> {
  const a = await lockApproval(ctx.db, idArg(raw));
  if (!a) throw new ApiError('not_found');
  if (a.status !== 'waiting') throw new ApiError('staff.approval_done');
  return a;
}

/** The approval commands; `commandNamed` finds the waiting command in the list these belong to (index.ts). */
export function approvalCommands(commandNamed: (name: string) => OpsCommand | undefined): readonly OpsCommand[] {
  const waitingCommand = (a: ApprovalRow): { cmd: MovingCommand; args: OpsArgs } => {
    const cmd = commandNamed(a.kind);
    if (!cmd || !movesMoney(cmd)) throw new ApiError('staff.approval_done');
    return { cmd, args: JSON.parse(a.params) as OpsArgs };
  };
  return [
    {
      name: 'approval-list',
      right: 'withdrawals',
      summary: 'Payments and credits waiting for a second finance approval, oldest first',
      params: [],
      async run(ctx) {
        return (await waitingApprovals(ctx.db, 100)).map((a) => ({
          id: a.id,
          kind: a.kind,
          what: a.summary,
          first_by: a.first_by ?? '',
          first_at: wireTime(a.first_at),
        }));
      },
    },
    {
      name: 'approval-give',
      right: 'withdrawals',
      money: 'moves',
      summary: 'Give the second approval (you cannot approve what you asked for): the payment or credit is made now',
      params: [APPROVAL_ID],
      async movement(ctx, args) {
        const a = await waiting(ctx, args.id);
        const { cmd, args: first } = waitingCommand(a);
        return { ...(await cmd.movement(ctx, first)), approval: a };
      },
      async run(ctx, args, actor) {
        const a = await lockApproval(ctx.db, idArg(args.id));
        if (!a) throw new ApiError('not_found');
        const { cmd, args: first } = waitingCommand(a);
        const done = await cmd.run(ctx, first, actor);
        return { approval: a.id, first_by: a.first_by, command: a.kind, ...(done as object) };
      },
    },
    {
      name: 'approval-drop',
      right: 'withdrawals',
      summary: 'Drop a waiting approval: nothing is paid or credited (a withdrawal stays pending)',
      params: [APPROVAL_ID],
      async run(ctx, args) {
        const a = await waiting(ctx, args.id);
        await closeApproval(ctx.db, a.id, 'dropped', null, ctx.clock.now());
        return { approval: a.id, status: 'dropped' };
      },
    },
  ];
}
