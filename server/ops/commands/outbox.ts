// A code must never reach the server log, so it is read here (docs/security.md "Codes and notices in transit").
import { fieldInvalid } from '../../http/envelope.ts';
import { newestOutbox, type OutboxMessage } from '../../notify/outbox-repository.ts';
import type { OpsCommand } from '../command.ts';

/** Its created_at in ISO, UTC. */
export type OutboxRow = Omit<OutboxMessage, 'owner_only'>;

const LIMIT = 20;
export const WITHHELD = '(a password-reset code: only the account’s owner may read it)';

export const outboxShow: OpsCommand = {
  name: 'outbox',
  right: 'users',
  summary: `The newest messages (verification codes) waiting in the outbox, ${LIMIT} at most`,
  params: [{ name: 'to', help: 'only messages to this e-mail or mobile number (ending with it)', optional: true }],
  async run(ctx, args) {
    const to = (args.to ?? '').toLowerCase();
    if (to.length > 100) throw fieldInvalid('to');
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
