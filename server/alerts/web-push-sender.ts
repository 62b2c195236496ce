// Web Push for a fired alert (docs/alerts.md "Delivery"): one encrypted message (aes128gcm, RFC 8291) signed with the
// server's VAPID key (RFC 8292) to each browser the user subscribed, through the maintained `web-push` library. The
// text is written in the language the browser subscribed with. An endpoint the push service says is gone (404, 410)
// is forgotten, and so is a stored one the push-service rule does not allow (a port other than HTTPS's), without
// calling it. Endpoints are capability URLs: never logged.
import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { firedMessage, type PriceAlert } from '../../domain/price-alerts.ts';
import type { Language } from '../../domain/types.ts';
import type { Db } from '../db/db.ts';
import { pickLanguage, translate } from '../http/i18n.ts';
import { forgetEndpoint, userSubscriptions } from './push-repository.ts';
import { endpointAllowed } from './push-subscriptions.ts';
import type { VapidKeys } from './vapid-keys.ts';

/** What the service worker shows (public/ or src/sw: the `push` handler reads these fields). */
export interface AlertPushPayload {
  title: string;
  body: string;
  tag: string; // one notification per alert: the in-app one and the pushed one replace each other
  url: string; // opened on notificationclick
}

export interface WebPushOptions {
  keys: VapidKeys;
  /** The VAPID `sub` claim: a mailto: or https: contact for the push services. */
  subject: string;
  /** The push services the server may call (PUSH_SERVICE_HOSTS unless configured), checked again at each send. */
  hosts: readonly string[];
  /** TLS agent for the requests (a test trusts its own local endpoint's certificate with it). */
  agent?: Agent | undefined;
}

/** Seconds a push service keeps a message for a browser that is offline: an alert older than an hour is stale. */
const TTL_S = 3600;
const TIMEOUT_MS = 10_000;

/** The notification text of a fired alert, in `lang`. */
export function alertPushPayload(alert: PriceAlert, lang: Language): AlertPushPayload {
  const { key, params } = firedMessage(alert);
  return {
    title: translate(lang, 'alerts.push.title', params),
    body: translate(lang, key, params) + (alert.note ? ` — ${alert.note}` : ''),
    tag: `alert-${alert.id}`,
    url: `/#/trade?code=${encodeURIComponent(alert.code)}`, // the app's hash route; /trade reads ?code=
  };
}

export class WebPushSender {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: WebPushOptions,
  ) {}

  get publicKey(): string {
    return this.opts.keys.publicKey;
  }

  /** Sends the alert to every browser of the user; failures are logged (without the endpoint), never thrown. */
  send(userId: number, alert: PriceAlert): Promise<void> {
    return this.deliver(userId, (lang) => alertPushPayload(alert, lang), { alertId: alert.id });
  }

  /** A margin call (docs/trading.md "Margin call") to every browser of the user, in each one's language. */
  sendNotice(userId: number, values: { risk_rate: string; level: string }): Promise<void> {
    return this.deliver(
      userId,
      (lang) => ({
        title: translate(lang, 'book.margin_call_title'),
        body: translate(lang, 'book.margin_call_banner', {
          risk_rate: `${values.risk_rate}%`,
          level: `${values.level}%`,
        }),
        tag: 'margin-call',
        url: '/#/order',
      }),
      { notice: 'margin_call' },
    );
  }

  private async deliver(
    userId: number,
    payloadFor: (lang: Language) => AlertPushPayload,
    logFields: Record<string, unknown>,
  ): Promise<void> {
    const targets = await userSubscriptions(this.db, userId);
    await Promise.all(
      targets.map(async (t) => {
        if (!endpointAllowed(t.endpoint, this.opts.hosts)) {
          await forgetEndpoint(this.db, t.endpoint);
          this.log.warn({ ...logFields }, 'web push endpoint no longer allowed: subscription dropped');
          return;
        }
        const payload = JSON.stringify(payloadFor(pickLanguage(t.lang)));
        try {
          await webpush.sendNotification({ endpoint: t.endpoint, keys: { p256dh: t.p256dh, auth: t.auth } }, payload, {
            vapidDetails: {
              subject: this.opts.subject,
              publicKey: this.opts.keys.publicKey,
              privateKey: this.opts.keys.privateKey,
            },
            TTL: TTL_S,
            timeout: TIMEOUT_MS,
            urgency: 'high',
            agent: this.opts.agent,
          });
        } catch (err) {
          const status = (err as { statusCode?: unknown }).statusCode;
          if (status === 404 || status === 410) await forgetEndpoint(this.db, t.endpoint);
          else this.log.warn({ status, host: new URL(t.endpoint).host, ...logFields }, 'web push failed');
        }
      }),
    );
  }
}
