// Web Push for a fired alert (docs/alerts.md "Delivery"); endpoints are capability URLs, so never logged.
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

/** The service worker's `push` handler reads these fields. */
export interface AlertPushPayload {
  title: string;
  body: string;
  tag: string; // one notification per alert: the in-app one and the pushed one replace each other
  url: string;
}

interface WebPushOptions {
  keys: VapidKeys;
  /** The VAPID `sub` claim: a mailto: or https: contact for the push services. */
  subject: string;
  /** Checked again at each send. */
  hosts: readonly string[];
  /** A test trusts its own local endpoint's certificate with it. */
  agent?: Agent | undefined;
}

/** An alert older than an hour is stale, so offline browsers need not get it. */
const TTL_S = 3600;
const TIMEOUT_MS = 10_000;

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
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private readonly opts: WebPushOptions;
  constructor(db: Db, log: FastifyBaseLogger, opts: WebPushOptions) {
    this.db = db;
    this.log = log;
    this.opts = opts;
  }

  /** Failures are logged without the endpoint, never thrown. */
  send(userId: number, alert: PriceAlert): Promise<void> {
    return this.deliver(userId, (lang) => alertPushPayload(alert, lang), { alertId: alert.id });
  }

  /** A margin call, in each browser's language. */
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
            vapidDetails: { subject: this.opts.subject, ...this.opts.keys },
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
