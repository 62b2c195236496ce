// docs/alerts.md.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { ok } from '../http/envelope.ts';
import { body, int, requiredStr, str } from '../http/schemas.ts';
import { PRICE_ALERTS, PUSH_DEVICES, PUSH_KEY } from '../http/wire/alerts.ts';
import { sessionRead, sessionWrite, enumOf } from '../http/wire-schema.ts';
import { ALERT_CONDITIONS, ALERT_KINDS, ALERT_NOTE_MAX, alertsToWire } from '../../domain/price-alerts.ts';
import { createAlert, readAlerts, removeAlert, type AlertChanged, type AlertInput } from '../alerts/alerts.ts';
import { countSubscriptions, deleteSubscription } from '../alerts/push-repository.ts';
import { subscribePush } from '../alerts/push-subscriptions.ts';

const TAGS = ['Price alerts'];
/** Push endpoints are URLs of a few hundred characters; keys are 87 (P-256 point) and 22 (auth) characters. */
const ENDPOINT = requiredStr(2048);

export async function alertRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireSession(app, ctx); // demo users too: an alert moves no money
  const changed: AlertChanged = (id) => ctx.alerts.changed(id);

  app.get('/v1/api/alerts/list', sessionRead(TAGS, PRICE_ALERTS), async (request) =>
    ok(alertsToWire(await readAlerts(ctx.db, caller(request).id))),
  );

  app.post<{ Body: Omit<AlertInput, 'instrumentId'> & { forex_id: number } }>(
    '/v1/api/alerts/create',
    sessionWrite(
      TAGS,
      PRICE_ALERTS,
      body(
        {
          forex_id: int(1),
          kind: enumOf(...ALERT_KINDS),
          condition: enumOf(...ALERT_CONDITIONS),
          price: str(32), // required by kind price: checked by the rules (alerts.errors.price)
          percent: str(16), // required by kind change (alerts.errors.percent)
          note: str(ALERT_NOTE_MAX * 4),
        },
        ['forex_id', 'condition'],
      ),
    ),
    async (request) => {
      const { forex_id: instrumentId, ...rest } = request.body;
      const list = await createAlert(ctx.db, caller(request).id, { ...rest, instrumentId }, ctx.clock.now(), changed);
      return ok(alertsToWire(list));
    },
  );

  app.post<{ Body: { id: number } }>(
    '/v1/api/alerts/delete',
    sessionWrite(TAGS, PRICE_ALERTS, body({ id: int(1) }, ['id'])),
    async (request) => ok(alertsToWire(await removeAlert(ctx.db, caller(request).id, request.body.id, changed))),
  );

  app.get('/v1/api/alerts/push/key', sessionRead(TAGS, PUSH_KEY), async () => ok({ key: ctx.alerts.vapidPublicKey }));

  app.post<{ Body: { endpoint: string; p256dh: string; auth: string; lang?: string } }>(
    '/v1/api/alerts/push/subscribe',
    sessionWrite(
      TAGS,
      PUSH_DEVICES,
      body({ endpoint: ENDPOINT, p256dh: requiredStr(128), auth: requiredStr(64), lang: str(8) }, [
        'endpoint',
        'p256dh',
        'auth',
      ]),
    ),
    async (request) => {
      const user = caller(request).id;
      const target = { ...request.body, lang: request.body.lang ?? '' };
      await subscribePush(ctx.db, user, target, ctx.alerts.pushHosts, ctx.clock.now());
      return ok({ devices: await countSubscriptions(ctx.db, user) });
    },
  );

  app.post<{ Body: { endpoint: string } }>(
    '/v1/api/alerts/push/unsubscribe',
    sessionWrite(TAGS, PUSH_DEVICES, body({ endpoint: ENDPOINT }, ['endpoint'])),
    async (request) => {
      const user = caller(request).id;
      await deleteSubscription(ctx.db, user, request.body.endpoint);
      return ok({ devices: await countSubscriptions(ctx.db, user) });
    },
  );
}
