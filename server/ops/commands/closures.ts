// docs/market-data.md "Scheduled closures". The holders to be told are written here, in the command's transaction;
// the writer's job sends their notices after it commits (closure-schedule.ts).
import { iso } from '../../../domain/time.ts';
import type { Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import {
  cancelClosureRow,
  categoryInstruments,
  closureForUpdate,
  insertClosures,
  lockInstruments,
  openClosures,
  overlappingClosures,
  queueClosureNotices,
  type ClosureTarget,
} from '../../market/closures/closure-repository.ts';
import { moveClosure } from '../../market/closures/closure-schedule.ts';
import { closureWindow } from '../../market/closures/closure-window.ts';
import { instrumentForDesk, recordDeskChange } from '../../market/price-desk/desk-config.ts';
import { idArg, textArg } from '../args.ts';
import type { OpsCommand } from '../command.ts';

const LIST_LIMIT = 500;

async function targets(q: Queryable, code: string | undefined, category: string | undefined): Promise<ClosureTarget[]> {
  const hasCode = code !== undefined && code.trim() !== '';
  const hasCategory = category !== undefined && category.trim() !== '';
  if (hasCode === hasCategory) throw new ApiError('closures.errors.code_or_category');
  if (hasCode) {
    const inst = await instrumentForDesk(q, code.trim());
    if (!inst) throw new ApiError('closures.errors.unknown_code', undefined, { code: code.trim() });
    return [{ id: inst.id, code: code.trim() }];
  }
  const all = await categoryInstruments(q, category ?? '');
  if (!all || all.length === 0)
    throw new ApiError('closures.errors.unknown_category', undefined, { category: (category ?? '').trim() });
  return all;
}

export const closureAdd: OpsCommand = {
  name: 'closure-add',
  right: 'halts',
  summary:
    'Schedule a closure: the instrument (or every one of a category) is halted from --from to --to with the reason',
  params: [
    { name: 'code', help: 'one instrument, e.g. GER40 (or --category)', optional: true },
    { name: 'category', help: 'every instrument of a category: its id or English name, e.g. Indices', optional: true },
    { name: 'from', help: 'when it begins, UTC, ISO 8601: 2026-12-25T00:00Z' },
    { name: 'to', help: 'when trading resumes, UTC: 2026-12-26T00:00Z (at most 14 days after --from)' },
    { name: 'reason', help: 'what traders are told, e.g. "Christmas Day"' },
  ],
  async run(ctx, args, actor) {
    const now = ctx.clock.now();
    const list = await targets(ctx.db, args.code, args.category);
    const window = closureWindow(args.from, args.to, now);
    const reason = textArg(args.reason, 'reason', true);
    const by = actor.name; // docs/back-office.md "The audit log"
    const codes = list.map((t) => t.code).join(' ');
    const detail = `${codes}: ${iso(window.from)} → ${iso(window.to)}: ${reason}`;
    const { ids, told } = await ctx.db.tx(async (q) => {
      const instruments = list.map((t) => t.id);
      await lockInstruments(q, instruments);
      const clash = (await overlappingClosures(q, instruments, window.from, window.to))[0];
      if (clash)
        throw new ApiError('closures.errors.overlap', undefined, {
          code: clash.code,
          id: clash.id,
          from: iso(clash.startsAt),
          to: iso(clash.endsAt),
        });
      const added = await insertClosures(q, instruments, window, reason, by, now);
      await recordDeskChange(q, now, by, 'closure-add', `${detail} (#${added.join(', #')})`);
      // Those holding a position or a pending order on the instruments now: one row per account, one statement.
      const told = await queueClosureNotices(
        q,
        { kind: 'closure_scheduled', closureIds: added, instrumentIds: instruments, ...window, reason },
        now,
      );
      return { ids: added, told };
    });
    ctx.log.info({ ops: 'closure-add', by, detail, told }, 'closure scheduled');
    return { done: detail, ids: ids.join(' '), told };
  },
};

export const closureCancel: OpsCommand = {
  name: 'closure-cancel',
  right: 'halts',
  summary: 'Cancel a scheduled closure; a current one is lifted at once (unless the desk has halted or resumed it)',
  params: [{ name: 'id', help: 'the closure, as closure-list shows it' }],
  async before(q, args) {
    const c = /^\d{1,15}$/.test(args.id ?? '') ? await closureForUpdate(q, Number(args.id)) : null;
    return c && { id: c.id, code: c.code, from: iso(c.startsAt), to: iso(c.endsAt), reason: c.reason, state: c.state };
  },
  async run(ctx, args, actor) {
    const id = idArg(args.id);
    const now = ctx.clock.now();
    const by = actor.name;
    const { lifted, told } = await ctx.db.tx(async (q) => {
      const c = await closureForUpdate(q, id);
      if (!c || c.state === 'ended' || c.endsAt <= now)
        throw new ApiError('closures.errors.not_open', undefined, { id });
      const lift = c.state === 'applied' && (await moveClosure(q, c, now, by, 'closure-cancel'));
      await cancelClosureRow(q, id, by, now);
      if (c.state !== 'applied') await recordDeskChange(q, now, by, 'closure-cancel', `${c.code}: closure #${id}`);
      // Only a closure its holders were told of is worth a word; those holding the instrument now are told.
      const off = {
        kind: 'closure_cancelled',
        closureIds: [c.id],
        instrumentIds: [c.instrumentId],
        from: c.startsAt,
        to: c.endsAt,
        reason: c.reason,
      } as const;
      return { lifted: lift, told: c.announced ? await queueClosureNotices(q, off, now) : 0 };
    });
    ctx.log.info({ ops: 'closure-cancel', by, id, lifted, told }, 'closure cancelled');
    if (lifted) await ctx.priceDesk?.changed();
    return { done: `closure #${id} cancelled`, lifted, told };
  },
};

export const CLOSURE_COMMANDS: readonly OpsCommand[] = [
  closureAdd,
  {
    name: 'closure-list',
    right: 'halts',
    summary: 'Upcoming and current scheduled closures, oldest first, with who scheduled them',
    params: [],
    async run(ctx) {
      const now = ctx.clock.now();
      return (await openClosures(ctx.db, now, LIST_LIMIT)).map((c) => ({
        id: c.id,
        code: c.code,
        from: iso(c.startsAt),
        to: iso(c.endsAt),
        state: c.startsAt <= now ? 'current' : 'upcoming',
        reason: c.reason,
        by: c.createdBy,
        at: iso(c.createdAt),
      }));
    },
  },
  closureCancel,
];
