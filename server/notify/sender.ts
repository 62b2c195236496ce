// Runs on the market writer only, so one process in a cluster delivers (docs/notifications.md "The queue").
import { LANGUAGES, type Language } from '../../domain/types.ts';
import { backoffDelay } from '../../domain/backoff.ts';
import type { Message, MessageKind, Services } from '../core/services.ts';
import { claimDue, markSent, markUnsent, type ClaimedDelivery } from './delivery-repository.ts';
import { DELIVERY_DEFAULTS, type DeliveryOptions } from './delivery-options.ts';
import { DeliveryError, safeError, type Gateway, type OutgoingEmail, type OutgoingSms } from './gateways/gateway.ts';
import { renderEmail, renderSms } from './render.ts';
import { phraseOf } from './notices-repository.ts';

export interface Gateways {
  email?: Gateway<OutgoingEmail> | undefined;
  sms?: Gateway<OutgoingSms> | undefined;
}

export interface SenderDeps extends Pick<Services, 'db' | 'clock' | 'timers' | 'log'> {
  /** docs/operations.md "Metrics". */
  count?: ((channel: Message['channel'], state: 'sent' | 'retried' | 'failed') => void) | undefined;
}

export interface Sender {
  /** Tests call it instead of waiting for the timer. */
  runDue(): Promise<number>;
  stop(): Promise<void>;
}

const BATCH = 10;
const STOP_GRACE_MS = 2_000;

function messageOf(row: ClaimedDelivery): Message {
  const lang = (LANGUAGES as readonly string[]).includes(row.lang ?? '') ? (row.lang as Language) : undefined;
  return {
    kind: row.kind as MessageKind,
    channel: row.channel,
    to: row.recipient,
    lang,
    values: JSON.parse(row.payload ?? '{}') as Message['values'],
    userId: row.user_id ?? undefined,
  };
}

export function startSender(deps: SenderDeps, gateways: Gateways, opts: DeliveryOptions = {}): Sender {
  const { db, clock, timers, log } = deps;
  const maxAttempts = opts.maxAttempts ?? DELIVERY_DEFAULTS.maxAttempts;
  const leaseMs = opts.leaseMs ?? DELIVERY_DEFAULTS.leaseMs;
  const backoff = {
    baseMs: opts.retryBaseMs ?? DELIVERY_DEFAULTS.retryBaseMs,
    maxMs: opts.retryMaxMs ?? DELIVERY_DEFAULTS.retryMaxMs,
  };
  const random = opts.random ?? Math.random;
  let stopped = false;

  async function deliverOne(row: ClaimedDelivery): Promise<void> {
    const gateway = row.channel === 'email' ? gateways.email : gateways.sms;
    const provider = gateway?.name ?? 'none';
    const delivery = { id: Number(row.id), kind: row.kind, channel: row.channel, attempts: row.attempts, provider };
    let secrets: string[] = [];
    try {
      if (row.attempts > maxAttempts) {
        // A claim past the limit is one whose sender died during the last attempt: give up rather than go on.
        throw new DeliveryError('the sender stopped during the last attempt', true);
      }
      if (!gateway || row.payload === null) throw new DeliveryError(`no gateway for ${row.channel}`, true);
      const message = messageOf(row);
      secrets = Object.values(message.values).map(String);
      const phrase = row.user_id !== null ? await phraseOf(db, row.user_id) : null;
      const body = row.channel === 'email' ? renderEmail(message, phrase) : { text: renderSms(message, phrase) };
      secrets.push(body.text);
      const result = await gateway.deliver({ ref: row.message_ref, to: row.recipient, ...body } as OutgoingEmail);
      const marked = await markSent(db, row, provider, result.providerId, clock.now());
      deps.count?.(row.channel, 'sent');
      log.info({ delivery }, marked ? 'message sent' : 'message sent after its lease ran out');
    } catch (err) {
      const error = safeError(err, secrets);
      const final = (err instanceof DeliveryError && err.permanent) || row.attempts >= maxAttempts;
      const dueAt = final ? null : clock.now() + backoffDelay(row.attempts - 1, backoff, random);
      await markUnsent(db, row, provider, error, dueAt);
      deps.count?.(row.channel, final ? 'failed' : 'retried');
      log.warn({ delivery, error }, final ? 'message given up' : 'message delivery failed, retrying later');
    }
  }

  async function drain(): Promise<number> {
    let handled = 0;
    while (!stopped) {
      const now = clock.now();
      const rows = await claimDue(db, now, now + leaseMs, BATCH);
      if (rows.length === 0) break;
      for (const row of rows) {
        if (stopped) break; // its lease runs out; the next sender takes it
        await deliverOne(row);
        handled++;
      }
    }
    return handled;
  }

  // One drain at a time; a call while one is waiting to start joins it, so a burst of sends is one round.
  let tail: Promise<unknown> = Promise.resolve();
  let waiting: Promise<number> | null = null;
  let running: Promise<unknown> = Promise.resolve();
  function runDue(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    if (waiting) return waiting;
    const next = tail.then(() => {
      waiting = null;
      return drain();
    });
    waiting = next;
    tail = next.catch((err: unknown) => log.warn({ err: (err as Error).name }, 'delivery round failed'));
    running = tail;
    return next;
  }

  const timer = timers.setInterval(() => void runDue().catch(() => undefined), DELIVERY_DEFAULTS.pollMs);
  return {
    runDue,
    async stop() {
      stopped = true;
      timers.clearInterval(timer);
      // An attempt stuck on a silent server is left to its lease, exactly as if the process had died there.
      let grace: unknown;
      await Promise.race([running, new Promise((r) => (grace = timers.setTimeout(() => r(undefined), STOP_GRACE_MS)))]);
      timers.clearTimeout(grace);
      gateways.email?.close?.();
      gateways.sms?.close?.();
    },
  };
}
