// Counts only, so every role may read them (docs/operations.md "Metrics" exports the same figures).
import { wireTime } from '../../../domain/wire-time.ts';
import { QUEUE_LISTS, staffQueues } from '../../metrics/staff-queues.ts';
import type { OpsCommand } from '../command.ts';

export const queuesShow: OpsCommand = {
  name: 'queues',
  right: 'audit',
  summary: 'What waits on staff: items per queue, since when the oldest has waited, and the command that lists them',
  params: [],
  live: true,
  async run(ctx) {
    return (await staffQueues(ctx.db, ctx.clock.now())).map((s) => ({
      queue: s.queue,
      waiting: s.waiting,
      oldest_since: s.oldestAt === null ? '' : wireTime(s.oldestAt),
      list: QUEUE_LISTS[s.queue] ?? '',
    }));
  },
};
