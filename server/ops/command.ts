// One back-office action (approve a charge, mark a withdrawal paid, verify a real-name, run the fund job…).
// The same list serves the ops HTTP API, the `npm run ops` CLI and the back-office page, so an action is
// written once: a name, its parameters, and a function of the AppContext. Parameters arrive as strings
// (CLI flags, form fields); `run` validates them and throws AppError for bad input.
import type { AppContext } from '../context.ts';

export interface OpsParam {
  name: string;
  help: string;
  optional?: boolean;
  /** A confirmation without a value (`--force` on the CLI, sent as "yes"); the page's field takes "yes". */
  flag?: boolean;
}

export interface OpsCommand {
  name: string; // kebab-case, e.g. 'charge-approve'
  summary: string; // one line for `npm run ops -- help` and the back-office page
  params: readonly OpsParam[];
  /** Read-only and cheap: the back-office page may re-run it every second (the dealer's view). */
  live?: boolean;
  /** Rows (a list command) or one object (an action's result); serialised as JSON. */
  run(ctx: AppContext, args: Readonly<Record<string, string>>): Promise<unknown>;
}
