// Who is told of a closure (docs/market-data.md "Scheduled closures"): closure-add and closure-cancel only write who
// is to be told, in their own transaction; this job on the market writer sends each as an account notice after that
// commit, a page a round, so a category's thousands of holders neither hold the command's transaction nor its answer.
import { iso } from '../../../domain/time.ts';
import { startRepeatingJob, type RepeatingJob } from '../../core/repeating-job.ts';
import type { Services } from '../../core/services.ts';
import { notifyAccount } from '../../notify/account-notices.ts';
import { dropClosureNotice, dueClosureNotices } from './closure-notice-repository.ts';

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
