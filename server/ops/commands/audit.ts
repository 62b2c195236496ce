// Nothing here, or anywhere, changes an audit row (docs/back-office.md "The audit log").
import { fieldInvalid } from '../../http/envelope.ts';
import { searchAudit } from '../../staff/audit-repository.ts';
import { staffByLogin } from '../../staff/staff-repository.ts';
import { textArg } from '../args.ts';
import type { OpsCommand } from '../command.ts';
import { DAY_MS } from '../../../domain/time.ts';

const MAX_ROWS = 5000;

function dayArg(raw: string | undefined, field: string, endOfDay: boolean): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) throw fieldInvalid(field);
  const ms = Date.parse(`${raw}T00:00:00Z`);
  if (!Number.isFinite(ms)) throw fieldInvalid(field);
  return endOfDay ? ms + DAY_MS : ms;
}

const parsed = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

export const auditSearch: OpsCommand = {
  name: 'audit-search',
  right: 'audit',
  summary:
    "The audit log, newest first: who, when, from where, what, before and after (your own rows; an admin's: everyone's)",
  params: [
    { name: 'text', help: 'words in the person, the action, the parameters or the values', optional: true },
    { name: 'action', help: 'one command, e.g. charge-approve', optional: true },
    { name: 'staff', help: 'one member’s login (admins only)', optional: true },
    { name: 'from', help: 'first day, YYYY-MM-DD (UTC)', optional: true },
    { name: 'to', help: 'last day, YYYY-MM-DD (UTC)', optional: true },
    { name: 'limit', help: `at most this many rows (default 200, up to ${MAX_ROWS})`, optional: true },
  ],
  async run(ctx, args, actor) {
    const everyone = actor.role === 'admin' || actor.role === 'break-glass';
    let staffId: number | null = everyone ? null : actor.staffId;
    if (args.staff !== undefined) {
      const s = await staffByLogin(ctx.db, args.staff.trim().toLowerCase());
      if (!s || (!everyone && s.id !== actor.staffId)) throw fieldInvalid('staff');
      staffId = s.id;
    }
    const limit = args.limit === undefined ? 200 : Number(args.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ROWS) throw fieldInvalid('limit');
    const text = textArg(args.text, 'text', false);
    const rows = await searchAudit(ctx.db, {
      staffId,
      text: text || undefined,
      action: args.action,
      from: dayArg(args.from, 'from', false),
      to: dayArg(args.to, 'to', true),
      limit,
    });
    return rows.map((r) => ({
      id: Number(r.id),
      at: new Date(Number(r.at)).toISOString(),
      who: r.actor,
      role: r.role,
      address: r.address,
      action: r.action,
      params: parsed(r.params),
      before: parsed(r.before_value),
      after: parsed(r.after_value),
    }));
  },
};
