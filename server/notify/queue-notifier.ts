// `send` never waits for a gateway, so a request answers at once whatever the SMTP server is doing.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../domain/time.ts';
import type { Db } from '../db/db.ts';
import type { Message, Notifier } from '../core/services.ts';
import { codeRefOf, queueDelivery, recordOutboxDelivery, type NewDelivery } from './delivery-repository.ts';
import { messageText } from './message-text.ts';
import { leaveInOutbox } from './outbox-repository.ts';

export interface QueueNotifierDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  gatewayChannels: ReadonlySet<Message['channel']>;
  /** The sender in this process starts at once instead of on its next poll. */
  queued?: (() => void) | undefined;
}

export function queueNotifier(deps: QueueNotifierDeps): Notifier {
  return {
    async send(message) {
      const row: NewDelivery = {
        ref: randomUUID().replace(/-/g, ''),
        kind: message.kind,
        channel: message.channel,
        recipient: message.to,
        lang: message.lang ?? null,
        userId: message.userId ?? null,
        payload: JSON.stringify(message.values),
        codeRef: message.ref ? codeRefOf(message.ref) : null,
      };
      const now = deps.clock.now();
      if (deps.gatewayChannels.has(message.channel)) {
        await queueDelivery(deps.db, row, now);
        deps.log.info({ delivery: { channel: message.channel, kind: message.kind } }, 'message queued');
        deps.queued?.();
        return;
      }
      await deps.db.tx(async (q) => {
        await leaveInOutbox(q, message.channel, message.to, messageText(message), now, message.ownerOnly === true);
        await recordOutboxDelivery(q, row, now);
      });
      deps.log.info({ outbox: { channel: message.channel, kind: message.kind } }, 'message left in the outbox');
    },
  };
}
