// Without an SMS or e-mail gateway the messages (verification codes) wait in the outbox table; an operator reads
// them here instead of in the server log, where a code must never appear. A password-reset code is never shown:
// whoever reads it could take the account over (docs/security.md "Codes and notices in transit"), so with no gateway
// for its channel a reset is not possible through the back office.
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
/** What the operator reads in place of a code only its owner may read. */
export const WITHHELD = '(a password-reset code: only the account’s owner may read it)';

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
      id: Number(r.id),
      channel: r.channel,
      recipient: r.recipient,
      body: r.owner_only ? WITHHELD : r.body,
      created_at: new Date(Number(r.created_at)).toISOString(),
    }));
  },
};
