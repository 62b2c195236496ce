// A scheduled closure is a halt the writer applies and lifts on time (docs/market-data.md "Scheduled closures"), by the
// same rule change as feed-halt, so traders, the engine and every gateway see a halt with the closure's reason.
import { iso } from '../../../domain/time.ts';
import { startRepeatingJob, type RepeatingJob } from '../../core/repeating-job.ts';
import type { Services } from '../../core/services.ts';
import type { Queryable } from '../../db/db.ts';
import { notifyAccount } from '../../notify/account-notices.ts';
import { changeDeskRule, recordDeskChange } from '../price-desk/desk-config.ts';
import type { DeskContext } from '../price-desk/desk-wiring.ts';
import {
  closuresToBegin,
  closuresToEnd,
  dropClosureNotice,
  dueClosureNotices,
  endMissedClosures,
  haltOf,
  setClosureState,
  type Closure,
} from './closure-repository.ts';

/** How late a closure may begin or end: a few seconds on a holiday's edge. */
export const CLOSURE_CHECK_MS = 5_000;

/** Who the desk's change record names for what the job does. */
export const SCHEDULE = 'schedule';

/**
 * Begins (a scheduled closure) or ends it; true when it changed the halt. It takes over a halt an earlier closure left,
 * never one staff set, and lifts the halt only while it is still this closure's (a manual feed-halt or feed-resume
 * during the window cleared the mark): the desk's word stands.
 */
export async function moveClosure(
  q: Queryable,
  c: Closure,
  now: number,
  by: string,
  command: string,
): Promise<boolean> {
  const halt = await haltOf(q, c.instrumentId);
  const begin = c.state === 'scheduled';
  await setClosureState(q, c.id, begin ? 'applied' : 'ended');
  const ours = begin ? halt.reason === null || halt.closureId !== null : halt.closureId === c.id;
  if (ours)
    await changeDeskRule(q, c.instrumentId, begin ? { haltReason: c.reason, haltClosure: c.id } : { haltReason: null });
  const detail = begin
    ? ours
      ? `${c.reason} (closure #${c.id} to ${iso(c.endsAt)})`
      : `closure #${c.id} left the desk's halt as it is`
    : ours
      ? `trading resumed (closure #${c.id})`
      : `closure #${c.id} ended; the desk's own halt or resume stands`;
  await recordDeskChange(q, now, by, command, `${c.code}: ${detail}`);
  return ours;
}

export interface ClosureJobDeps extends Pick<Services, 'db' | 'clock' | 'timers' | 'log'> {
  /** Told after a round that halted or resumed an instrument, as after feed-halt; absent in bare test contexts. */
  desk: DeskContext | undefined;
}

/** One round; the state is the rows', so a second round, or one after a restart, changes nothing. */
export async function runClosures(deps: Omit<ClosureJobDeps, 'timers'>): Promise<number> {
  const now = deps.clock.now();
  const changed = await deps.db.tx(async (q) => {
    let n = 0;
    // Ends first: a closure that ends as the next one of the instrument begins hands its halt over.
    for (const c of await closuresToEnd(q, now)) if (await moveClosure(q, c, now, SCHEDULE, 'closure-end')) n++;
    for (const c of await closuresToBegin(q, now)) if (await moveClosure(q, c, now, SCHEDULE, 'closure-start')) n++;
    const missed = await endMissedClosures(q, now);
    if (missed.length > 0) deps.log.info({ closures: missed }, 'closures whose whole window passed unseen');
    return n;
  });
  if (changed > 0) await deps.desk?.changed();
  return changed;
}

export function startClosureJob(deps: ClosureJobDeps, everyMs = CLOSURE_CHECK_MS): RepeatingJob {
  return startRepeatingJob(deps, everyMs, () => runClosures(deps), { failed: 'closure job failed', atStart: true });
}

// docs/market-data.md "How they are told": the commands queue the holders in their transaction; this job sends them.

export const CLOSURE_NOTICE_MS = 5_000;
/** Accounts told in one round: a round stays short, so the writer's stop never waits long for it. */
export const CLOSURE_NOTICES_PER_ROUND = 500;

export type ClosureNoticeDeps = Pick<Services, 'db' | 'clock' | 'log' | 'notifier'>;

/** Sent, then deleted: a kill between the two tells that account twice, never not at all (as the delivery queue). */
export async function runClosureNotices(deps: ClosureNoticeDeps, limit = CLOSURE_NOTICES_PER_ROUND): Promise<number> {
  const due = await dueClosureNotices(deps.db, limit);
  for (const n of due) {
    // Times as ISO-8601 UTC: every message shows them as "2026-12-25 00:00 UTC", an SMS knowing no time zone.
    const values = { codes: n.codes, start: iso(n.startsAt), end: iso(n.endsAt), reason: n.reason };
    await notifyAccount(deps, n.userId, n.kind, values);
    await dropClosureNotice(deps.db, n.id);
  }
  return due.length;
}

export function startClosureNoticeJob(
  deps: ClosureNoticeDeps & Pick<Services, 'timers'>,
  everyMs = CLOSURE_NOTICE_MS,
): RepeatingJob {
  return startRepeatingJob(deps, everyMs, () => runClosureNotices(deps), { failed: 'closure notices failed' });
}
