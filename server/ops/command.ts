// One back-office action (approve a charge, mark a withdrawal paid, verify a real-name, run the fund job…).
// The same list serves the ops HTTP API, the `npm run ops` CLI and the back-office page, so an action is
// written once: a name, the right it needs (server/staff/rights.ts; declared here beside the command, as budgets
// are beside routes), its parameters, and a function of the AppContext. Parameters arrive as strings (CLI flags,
// form fields); `run` validates them and throws ApiError for bad input. server/ops/run.ts runs it as a person, in
// one transaction with its audit row. A command that touches money declares it (`money`), and one that moves money
// says what it would move (`movement`): the runner puts that through the four-eyes gate before `run` is called, and
// refuses any ledger movement a command makes beyond what it declared (server/ops/money-watch.ts).
import type { AccountChange } from '../../domain/ws-protocol.ts';
import type { AppContext } from '../core/app-context.ts';
import type { Queryable } from '../db/db.ts';
import type { ApprovalRow } from '../staff/approvals-repository.ts';
import type { OpsActor, Right } from '../staff/rights.ts';

export interface OpsParam {
  name: string;
  help: string;
  optional?: boolean;
  /** A confirmation without a value (`--force` on the CLI, sent as "yes"); the page's field takes "yes". */
  flag?: boolean;
  /** The longest value the ops API takes (1000 characters unless set: a news body is longer). */
  maxLength?: number;
}

export type OpsArgs = Readonly<Record<string, string>>;

/**
 * What a command does to money (docs/back-office.md "Four eyes"):
 * - `moves`: money enters or leaves an account at the operator's word (a deposit approved, a credit, a payout, an
 *   adjustment): it passes the four-eyes gate (server/staff/four-eyes.ts) before it runs;
 * - `returns`: gives a trader back their own frozen money (a withdrawal rejected): no total changes;
 * - `due`: pays only what the contract already owes, by its own rules (the fund job).
 * A command without it writes no ledger record: the runner refuses one that does.
 */
export type MoneyEffect = 'moves' | 'returns' | 'due';

/** What a `moves` command would move, read in its transaction (and locked) before anything moves. */
export interface MoneyMovement {
  /** The account credited or debited. */
  userId: number;
  /** Its value in USD, as the ledger moves it (exact text). */
  usd: string;
  /** The currency the money arrives or leaves in, and the amount in it (a payout in USDT); USD for a credit. */
  currency: string;
  value: string;
  /** The one waiting item this is (a charge, a withdrawal): repeating the command on it gives the second approval. */
  item?: number;
  /** What the second approver reads. */
  summary: string;
  /** The trader's list to refresh while it waits for a second approval ("Under review"). */
  waiting?: AccountChange;
  /** Set by approval-give: the waiting approval this run is the second to. */
  approval?: ApprovalRow;
}

interface CommandBase {
  name: string; // kebab-case, e.g. 'charge-approve'
  /** The right a member's role must hold to run it (tests/unit/server/ops/commands/ops-rights.test.ts checks every one). */
  right: Right;
  summary: string; // one line for `npm run ops -- help` and the back-office page
  params: readonly OpsParam[];
  /** Read-only and cheap: the back-office page may re-run it every second (the dealer's view). */
  live?: boolean;
  /**
   * Runs outside the audit row's transaction: only for a command that changes nothing in the database (a backup);
   * its row is written after it succeeded.
   */
  outsideTransaction?: boolean;
  /** What the command is about to change, read in its transaction: the audit row's "before". */
  before?(q: Queryable, args: OpsArgs): Promise<unknown>;
  /** Rows (a list command) or one object (an action's result); serialised as JSON, and the audit row's "after". */
  run(ctx: AppContext, args: OpsArgs, actor: OpsActor): Promise<unknown>;
}

/** A command that moves no money at the operator's word. */
export interface PlainCommand extends CommandBase {
  money?: Exclude<MoneyEffect, 'moves'>;
}

/** A command that moves money: what it would move is declared, and the runner's four-eyes gate decides. */
export interface MovingCommand extends CommandBase {
  money: 'moves';
  movement(ctx: AppContext, args: OpsArgs): Promise<MoneyMovement>;
}

export type OpsCommand = PlainCommand | MovingCommand;

export const movesMoney = (cmd: OpsCommand): cmd is MovingCommand => cmd.money === 'moves';
