// A code is a secret even to the operator here (docs/notifications.md "What the operator sees").
import { fieldInvalid } from '../../http/envelope.ts';
import { newestDeliveries } from '../../notify/delivery-repository.ts';
import type { OpsCommand } from '../command.ts';

const LIMIT = 50;
const STATES = ['queued', 'sending', 'sent', 'failed'];

const iso = (ms: string | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

export const deliveriesShow: OpsCommand = {
  name: 'deliveries',
  right: 'users',
  summary: `The newest messages in the delivery queue with their state, attempts, provider id and last error, ${LIMIT} at most`,
  params: [
    { name: 'to', help: 'only messages to this e-mail or mobile number (ending with it)', optional: true },
    { name: 'state', help: 'only queued, sending, sent or failed messages', optional: true },
  ],
  async run(ctx, args) {
    const to = (args.to ?? '').trim().toLowerCase();
    const state = (args.state ?? '').trim();
    if (to.length > 100) throw fieldInvalid('to');
    if (state !== '' && !STATES.includes(state)) throw fieldInvalid('state');
    const rows = await newestDeliveries(ctx.db, to, state, LIMIT);
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
