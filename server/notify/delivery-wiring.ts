// Only the market writer sends; a gateway only queues (docs/notifications.md).
import { randomUUID } from 'node:crypto';
import type { Message, Notifier } from '../core/services.ts';
import { DELIVERY_DEFAULTS, type DeliveryOptions } from './delivery-options.ts';
import { kannelGateway } from './gateways/kannel.ts';
import { smtpGateway } from './gateways/smtp.ts';
import { twilioGateway } from './gateways/twilio.ts';
import { codeRefOf, insertDelivery, type NewDelivery } from './delivery-repository.ts';
import { messageText } from './message-text.ts';
import { leaveInOutbox } from './outbox-repository.ts';
import { startSender, type Gateways, type Sender, type SenderDeps } from './sender.ts';

export interface Delivery {
  notifier: Notifier;
  sender?: Sender | undefined;
}

export function startDelivery(deps: SenderDeps, opts: DeliveryOptions, sends: boolean): Delivery {
  // A third of the lease: a live sender always marks its row before the lease ends.
  const timeoutMs = Math.max(1000, Math.floor((opts.leaseMs ?? DELIVERY_DEFAULTS.leaseMs) / 3));
  const sms = opts.sms;
  const gateways: Gateways = {
    email: opts.smtp ? smtpGateway({ ...opts.smtp, timeoutMs }) : undefined,
    sms:
      sms?.provider === 'kannel'
        ? kannelGateway({ ...sms, timeoutMs })
        : sms?.provider === 'twilio'
          ? twilioGateway({ ...sms, timeoutMs })
          : undefined,
  };
  const channels = new Set<Message['channel']>();
  if (gateways.email) channels.add('email');
  if (gateways.sms) channels.add('sms');
  const sender = sends && channels.size > 0 ? startSender(deps, gateways, opts) : undefined;
  // `send` never waits for a gateway, so a request answers at once whatever the SMTP server is doing.
  const notifier: Notifier = {
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
      if (channels.has(message.channel)) {
        await insertDelivery(deps.db, row, now, false);
        deps.log.info({ delivery: { channel: message.channel, kind: message.kind } }, 'message queued');
        // The sender in this process starts at once instead of on its next poll.
        if (sender) void sender.runDue().catch(() => undefined);
        return;
      }
      await deps.db.tx(async (q) => {
        await leaveInOutbox(q, message.channel, message.to, messageText(message), now, message.ownerOnly === true);
        await insertDelivery(q, row, now, true);
      });
      deps.log.info({ outbox: { channel: message.channel, kind: message.kind } }, 'message left in the outbox');
    },
  };
  return { notifier, sender };
}
