// A scheduled closure is a halt the writer applies and lifts on time (docs/market-data.md "Scheduled closures"), by the
// same rule change as feed-halt, so traders, the engine and every gateway see a halt with the closure's reason.
import { iso, type Clock, type Timers } from '../../../domain/time.ts';
import { startRepeatingJob, type RepeatingJob } from '../../core/repeating-job.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { changeDeskRule, recordDeskChange } from '../price-desk/desk-config.ts';
import type { DeskContext } from '../price-desk/desk-wiring.ts';
import {
  closuresToBegin,
  closuresToEnd,
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

export interface ClosureJobDeps {
  db: Db;
  clock: Clock;
  timers: Timers;
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
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
