import type { Queryable } from '../../db/db.ts';
import { fieldInvalid } from '../../http/envelope.ts';
import type { OpsCommand } from '../command.ts';
import type { Right } from '../../staff/rights.ts';
import { findUser } from './users.ts';

const LIST_LIMIT = 100;

const USER_FILTER = { name: 'user', help: 'only this user (uid, e-mail, mobile or #id)', optional: true } as const;

export type StatusWords = Readonly<Record<string, number>>;

/** For a list whose statuses have no words. */
export function statusDigits(from: number, to: number): StatusWords {
  return Object.fromEntries(Array.from({ length: to - from + 1 }, (_, i) => [String(from + i), from + i]));
}

async function listFilter(
  q: Queryable,
  args: Readonly<Record<string, string>>,
  words: StatusWords,
  fallback: string,
): Promise<{ status: number; userId: number | null }> {
  const status = words[(args.status ?? fallback).trim().toLowerCase()];
  if (status === undefined) throw fieldInvalid('status');
  return { status, userId: args.user ? (await findUser(q, args.user)).id : null };
}

interface ListSpec<R> {
  name: string;
  right: Right;
  summary: string;
  statusHelp: string;
  statuses: StatusWords;
  fallback: string;
  rows(q: Queryable, status: number, userId: number | null, limit: number): Promise<R[]>;
  show(row: R): unknown;
}

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
