// One back-office action, written once for the ops API, the CLI and the back-office page.
import type { AccountChange } from '../../domain/ws-protocol.ts';
import type { AppContext } from '../core/app-context.ts';
import type { Queryable } from '../db/db.ts';
import type { ApprovalRow } from '../staff/approvals-repository.ts';
import type { OpsActor, Right } from '../staff/rights.ts';

export interface OpsParam {
  name: string;
  help: string;
  optional?: boolean;
  /** The CLI's `--force`; the page's field sends "yes". */
  flag?: boolean;
  /** Defaults to 1000 characters; a news body needs more. */
  maxLength?: number;
}

export type OpsArgs = Readonly<Record<string, string>>;

/** `moves` passes the four-eyes gate; a command without an effect may write no ledger record (money-watch.ts). */
export type MoneyEffect = 'moves' | 'returns' | 'due';

/** Read and locked in the command's transaction before anything moves. */
export interface MoneyMovement {
  userId: number;
  /** Exact decimal text, as the ledger moves it. */
  usd: string;
  currency: string;
  value: string;
  /** Repeating the command on the same item gives the second approval. */
  item?: number;
  summary: string;
  waiting?: AccountChange;
  approval?: ApprovalRow;
}

interface CommandBase {
  name: string;
  /** tests/unit/server/ops/commands/ops-rights.test.ts checks every command's right. */
  right: Right;
  summary: string;
  params: readonly OpsParam[];
  /** The back-office page may re-run it every second, so it must be read-only and cheap. */
  live?: boolean;
  /** Only for a command that changes nothing in the database (a backup); its audit row is written after success. */
  outsideTransaction?: boolean;
  /** The audit row's "before". */
  before?(q: Queryable, args: OpsArgs): Promise<unknown>;
  /** Its result is also the audit row's "after". */
  run(ctx: AppContext, args: OpsArgs, actor: OpsActor): Promise<unknown>;
}

interface PlainCommand extends CommandBase {
  money?: Exclude<MoneyEffect, 'moves'>;
}

export interface MovingCommand extends CommandBase {
  money: 'moves';
  movement(ctx: AppContext, args: OpsArgs): Promise<MoneyMovement>;
}

export type OpsCommand = PlainCommand | MovingCommand;

/** What the command list shows: no function, no internals. */
export type OpsCommandInfo = Pick<OpsCommand, 'name' | 'summary' | 'params' | 'live'>;

export const movesMoney = (cmd: OpsCommand): cmd is MovingCommand => cmd.money === 'moves';

/** Only after the commit, so a paid withdrawal stops showing "Pending" without a reload. */
export function announceAccountChange(ctx: Pick<AppContext, 'push'>, userId: number, kind: AccountChange): void {
  ctx.push.toUser(userId, { type: 'ACCOUNT', data: { kind } });
}
