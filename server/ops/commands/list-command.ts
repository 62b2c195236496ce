import type { Queryable } from '../../db/db.ts';
import { fieldInvalid } from '../../http/envelope.ts';
import type { OpsCommand } from '../command.ts';
import type { Right } from '../../staff/rights.ts';
import { findUser } from './users.ts';

const LIST_LIMIT = 100;

const USER_FILTER = { name: 'user', help: 'only this user (uid, e-mail, mobile or #id)', optional: true } as const;

type StatusWords = Readonly<Record<string, number>>;

/** For a list whose statuses have no words. */
export function statusDigits(from: number, to: number): StatusWords {
  return Object.fromEntries(Array.from({ length: to - from + 1 }, (_, i) => [String(from + i), from + i]));
}

interface ListSpec<R> {
  name: string;
  right: Right;
  summary: string;
  statusHelp: string;
  statuses: StatusWords;
  fallback: string;
  rows: (q: Queryable, status: number, userId: number | null, limit: number) => Promise<R[]>;
  show: (row: R) => unknown;
}

export function listCommand<R>({ statusHelp, statuses, fallback, rows, show, ...named }: ListSpec<R>): OpsCommand {
  return {
    ...named,
    params: [{ name: 'status', help: statusHelp, optional: true }, USER_FILTER],
    async run(ctx, args) {
      const status = statuses[(args.status ?? fallback).trim().toLowerCase()];
      if (status === undefined) throw fieldInvalid('status');
      const userId = args.user ? (await findUser(ctx.db, args.user)).id : null;
      return (await rows(ctx.db, status, userId, LIST_LIMIT)).map((r) => show(r));
    },
  };
}
