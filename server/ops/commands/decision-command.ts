// An operator's decision on one waiting item (a charge, a withdrawal, a real-name submission): the item found by its
// parameter, the reason when the decision takes one, the decision made by its service, then the trader's open
// screens told (server/ops/account-change.ts).
import type { AccountChange } from '../../../domain/ws-protocol.ts';
import type { AppContext } from '../../core/app-context.ts';
import { announceAccountChange } from '../account-change.ts';
import { idArg, textArg } from '../args.ts';
import type { PlainCommand, OpsParam } from '../command.ts';
import type { Right } from '../../staff/rights.ts';

interface DecisionSpec<K> {
  name: string;
  right: Right;
  /** A decision that gives a trader back their own frozen money (a withdrawal rejected) says so. */
  money?: PlainCommand['money'];
  summary: string;
  /** The item's parameter (`id`, `user`) and how its value finds the item. */
  item: OpsParam;
  find(ctx: AppContext, raw: string | undefined): K | Promise<K>;
  /** The reason's parameter, when the decision takes one (required unless it says optional). */
  reason?: OpsParam;
  /** Which of the trader's lists the decision changes. */
  change: AccountChange;
  /** Makes the decision; answers the trader it concerns and what the operator reads. */
  decide(ctx: AppContext, item: K, reason: string): Promise<{ userId: number; answer: unknown }>;
}

export function decisionCommand<K>(spec: DecisionSpec<K>): PlainCommand {
  const { item, reason } = spec;
  return {
    name: spec.name,
    right: spec.right,
    ...(spec.money ? { money: spec.money } : {}),
    summary: spec.summary,
    params: reason ? [item, reason] : [item],
    async run(ctx, args) {
      const found = await spec.find(ctx, args[item.name]);
      const why = reason ? textArg(args[reason.name], reason.name, reason.optional !== true) : '';
      const { userId, answer } = await spec.decide(ctx, found, why);
      announceAccountChange(ctx, userId, spec.change);
      return answer;
    },
  };
}

/** An item found by its numeric id. */
export const byId = (_ctx: AppContext, raw: string | undefined): number => idArg(raw);
