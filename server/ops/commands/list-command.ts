// The back office's list commands: rows by `--status` (the words or digits an operator types; a default when absent)
// and an optional `--user`, newest first, at most LIST_LIMIT, each row shaped for the operator.
import type { Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import type { OpsCommand } from '../command.ts';
import type { Right } from '../../staff/rights.ts';
import { findUser } from './users.ts';

const LIST_LIMIT = 100;

/** The `--user` filter of a list command. */
const USER_FILTER = { name: 'user', help: 'only this user (uid, e-mail, mobile or #id)', optional: true } as const;

/** `--status` values a list command takes: the words (or digits) an operator types, to the stored status. */
export type StatusWords = Readonly<Record<string, number>>;

/** Digits `from`..`to` as their own status numbers, for a list whose statuses have no words. */
export function statusDigits(from: number, to: number): StatusWords {
  return Object.fromEntries(Array.from({ length: to - from + 1 }, (_, i) => [String(from + i), from + i]));
}

/** A list command's checked filter: its `--status` (the default when absent) and `--user` (null when absent). */
async function listFilter(
  q: Queryable,
  args: Readonly<Record<string, string>>,
  words: StatusWords,
  fallback: string,
): Promise<{ status: number; userId: number | null }> {
  const status = words[(args.status ?? fallback).trim().toLowerCase()];
  if (status === undefined) throw new ApiError('field_invalid', undefined, { field: 'status' });
  return { status, userId: args.user ? (await findUser(q, args.user)).id : null };
}

interface ListSpec<R> {
  name: string;
  right: Right;
  summary: string;
  /** What `--status` takes, for the help. */
  statusHelp: string;
  statuses: StatusWords;
  /** The `--status` when none is given. */
  fallback: string;
  rows(q: Queryable, status: number, userId: number | null, limit: number): Promise<R[]>;
  show(row: R): unknown;
}

/** A list command: its `--status` and `--user` checked, its rows read and shown. */
export function listCommand<R>(spec: ListSpec<R>): OpsCommand {
  return {
    name: spec.name,
    right: spec.right,
    summary: spec.summary,
    params: [{ name: 'status', help: spec.statusHelp, optional: true }, USER_FILTER],
    async run(ctx, args) {
      const { status, userId } = await listFilter(ctx.db, args, spec.statuses, spec.fallback);
      const rows = await spec.rows(ctx.db, status, userId, LIST_LIMIT);
      return rows.map((r) => spec.show(r));
    },
  };
}
