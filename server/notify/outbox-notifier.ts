// The Notifier without a gateway: every message lands in the outbox table; operators read it with
// `npm run ops -- outbox`. The log says only that a message went out: its body is a verification code, a secret.
// A real SMS or e-mail gateway implements the same interface (server/context.ts Notifier).
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../domain/time.ts';
import type { Notifier } from '../services.ts';
import type { Queryable } from '../db/db.ts';
import { leaveInOutbox } from './outbox-repository.ts';

export function outboxNotifier(db: Queryable, clock: Clock, log: FastifyBaseLogger): Notifier {
  return {
    async send(channel, to, text) {
      await leaveInOutbox(db, channel, to, text, clock.now());
      log.info({ outbox: { channel } }, 'message left in the outbox');
    },
  };
}
