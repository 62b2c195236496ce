// One back-office action (approve a charge, mark a withdrawal paid, verify a real-name, run the fund job…).
// The same list serves the ops HTTP API, the `npm run ops` CLI and the back-office page, so an action is
// written once: a name, the right it needs (server/staff/rights.ts; declared here beside the command, as budgets
// are beside routes), its parameters, and a function of the AppContext. Parameters arrive as strings (CLI flags,
// form fields); `run` validates them and throws ApiError for bad input. server/ops/run.ts runs it as a person, in
// one transaction with its audit row.
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
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

export interface OpsCommand {
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
