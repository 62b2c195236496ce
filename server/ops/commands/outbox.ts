// Without an SMS or e-mail gateway the messages (verification codes) wait in the outbox table; an operator reads
// them here instead of in the server log, where a code must never appear.
import { ApiError } from '../../http/envelope.ts';
import { newestOutbox } from '../../notify/outbox-repository.ts';
import type { OpsCommand } from '../command.ts';

export interface OutboxRow {
  id: number;
  channel: string;
  recipient: string;
  body: string;
  created_at: string; // ISO, UTC
}

const LIMIT = 20;

export const outboxShow: OpsCommand = {
  name: 'outbox',
  right: 'users',
  summary: `The newest messages (verification codes) waiting in the outbox, ${LIMIT} at most`,
  params: [{ name: 'to', help: 'only messages to this e-mail or mobile number (ending with it)', optional: true }],
  async run(ctx, args) {
    const to = (args.to ?? '').toLowerCase();
    if (to.length > 100) throw new ApiError('field_invalid', undefined, { field: 'to' });
    const rows = await newestOutbox(ctx.db, to, LIMIT);
    return rows.map((r): OutboxRow => ({
      ...r,
      id: Number(r.id),
      created_at: new Date(Number(r.created_at)).toISOString(),
    }));
  },
};
