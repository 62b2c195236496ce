// A code must never reach the server log, so it is read here (docs/security.md "Codes and notices in transit"); in the
// delivery queue a code is a secret even to the operator (docs/notifications.md "What the operator sees").
import { fieldInvalid } from '../../http/envelope.ts';
import { newestDeliveries } from '../../notify/delivery-repository.ts';
import { newestOutbox, type OutboxMessage } from '../../notify/outbox-repository.ts';
import type { OpsCommand } from '../command.ts';

/** Its created_at in ISO, UTC. */
export type OutboxRow = Omit<OutboxMessage, 'owner_only'>;

const LIMIT = 20;
const WITHHELD = '(a password-reset code: only the account’s owner may read it)';

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

const DELIVERIES_LIMIT = 50;
const STATES = ['queued', 'sending', 'sent', 'failed'];

const iso = (ms: string | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

export const deliveriesShow: OpsCommand = {
  name: 'deliveries',
  right: 'users',
  summary: `The newest messages in the delivery queue with their state, attempts, provider id and last error, ${DELIVERIES_LIMIT} at most`,
  params: [
    { name: 'to', help: 'only messages to this e-mail or mobile number (ending with it)', optional: true },
    { name: 'state', help: 'only queued, sending, sent or failed messages', optional: true },
  ],
  async run(ctx, args) {
    const to = (args.to ?? '').trim().toLowerCase();
    const state = (args.state ?? '').trim();
    if (to.length > 100) throw fieldInvalid('to');
    if (state !== '' && !STATES.includes(state)) throw fieldInvalid('state');
    const rows = await newestDeliveries(ctx.db, to, state, DELIVERIES_LIMIT);
    return rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      channel: r.channel,
      recipient: r.recipient,
      state: r.state,
      attempts: r.attempts,
      provider: r.provider,
      provider_id: r.provider_id,
      last_error: r.last_error,
      created_at: iso(r.created_at),
      next_try_at: r.state === 'queued' ? iso(r.due_at) : null,
      sent_at: iso(r.sent_at),
      message_id: r.message_ref,
    }));
  },
};
