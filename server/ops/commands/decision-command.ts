import type { AccountChange } from '../../../domain/ws-protocol.ts';
import type { AppContext } from '../../core/app-context.ts';
import { idArg, textArg } from '../args.ts';
import { announceAccountChange, type PlainCommand, type OpsParam } from '../command.ts';
import type { Right } from '../../staff/rights.ts';

interface DecisionSpec<K> {
  name: string;
  right: Right;
  money?: PlainCommand['money'];
  summary: string;
  item: OpsParam;
  find(ctx: AppContext, raw: string | undefined): K | Promise<K>;
  reason?: OpsParam;
  change: AccountChange;
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

export const byId = (_ctx: AppContext, raw: string | undefined): number => idArg(raw);
