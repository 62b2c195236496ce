// The Notifier without a gateway: every message lands in the outbox table; operators read it with
// `npm run ops -- outbox`. The log says only that a message went out: its body is a verification code, a secret.
// A real SMS or e-mail gateway implements the same interface (server/context.ts Notifier).
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../domain/time.ts';
import type { Notifier } from '../services.ts';
import type { Queryable } from '../db/db.ts';
import { leaveInOutbox } from './outbox-repository.ts';
import { messageText } from './message-text.ts';

export function outboxNotifier(db: Queryable, clock: Clock, log: FastifyBaseLogger): Notifier {
  return {
    async send(message) {
      await leaveInOutbox(db, message.channel, message.to, messageText(message), clock.now());
      log.info({ outbox: { channel: message.channel, kind: message.kind } }, 'message left in the outbox');
    },
  };
}
