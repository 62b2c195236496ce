// Demo accounts copy in the demo world, so no route refuses them (docs/copy-trading.md).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { ok } from '../http/envelope.ts';
import { pickLanguage, requestText } from '../http/i18n.ts';
import { body, int, str } from '../http/schemas.ts';
import { COPY_ITEMS, COPY_PROVIDER_SELF, COPY_PROVIDERS, COPY_STARTED } from '../http/wire/copy.ts';
import { replies, SESSION, sessionWrite, nothing } from '../http/wire-schema.ts';
import { addToCopy, pauseCopy, startCopy, stopCopy, withdrawFromCopy } from '../copy/copy-accounts.ts';
import { publishProvider, unpublishProvider } from '../copy/providers.ts';
import { copyOpenPositions } from '../copy/copy-start-sync.ts';
import { stopKeepingPositions } from '../copy/copy-keep.ts';
import { myCopies, providerList, providerSelf } from '../copy/copy-views.ts';

const TAGS = ['Copy trading'];
const ID = int(1);
const AMOUNT = str(40);

export async function copyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireSession(app, ctx);
  const schema = (extra: Record<string, unknown>) => ({ tags: TAGS, security: SESSION, ...extra });

  app.get('/api/copy/providers', { schema: schema({ response: replies(COPY_PROVIDERS) }) }, async (request) =>
    ok(await providerList(ctx, caller(request).id, pickLanguage(request.headers.lang))),
  );

  app.get('/api/copy/self', { schema: schema({ response: replies(COPY_PROVIDER_SELF) }) }, async (request) =>
    ok(await providerSelf(ctx, caller(request).id)),
  );

  app.get('/api/copy/mine', { schema: schema({ response: replies(COPY_ITEMS) }) }, async (request) =>
    ok(await myCopies(ctx, caller(request).id)),
  );

  app.post<{ Body: { name: string; description?: string; fee: number; min_amount: string } }>(
    '/api/copy/publish',
    sessionWrite(
      TAGS,
      nothing,
      body({ name: str(80), description: str(600), fee: int(0, 100), min_amount: AMOUNT }, [
        'name',
        'fee',
        'min_amount',
      ]),
    ),
    async (request) => {
      const b = request.body;
      await publishProvider(ctx, caller(request).id, {
        name: b.name,
        description: b.description ?? '',
        fee: b.fee,
        minAmount: b.min_amount,
      });
      return ok(null, requestText(request, 'server.copy_published'));
    },
  );

  app.post('/api/copy/unpublish', sessionWrite(TAGS, nothing, body({})), async (request) => {
    await unpublishProvider(ctx, caller(request).id);
    return ok(null, requestText(request, 'server.copy_unpublished'));
  });

  app.post<{
    Body: { provider_id: number; amount: string; multiplier?: string; stop_loss?: number; copy_open?: number };
  }>(
    '/api/copy/start',
    sessionWrite(
      TAGS,
      COPY_STARTED,
      body({ provider_id: ID, amount: AMOUNT, multiplier: str(8), stop_loss: int(0, 100), copy_open: int(0, 1) }, [
        'provider_id',
        'amount',
      ]),
    ),
    async (request) => {
      const b = request.body;
      const id = await startCopy(ctx, caller(request).id, {
        providerId: b.provider_id,
        amount: b.amount,
        multiplier: b.multiplier,
        stopLoss: b.stop_loss,
        copyOpen: b.copy_open === 1,
      });
      await copyOpenPositions(ctx, id);
      return ok({ id }, requestText(request, 'server.copy_started'));
    },
  );

  const byId = body({ id: ID }, ['id']);
  for (const [path, paused] of [
    ['/api/copy/pause', true],
    ['/api/copy/resume', false],
  ] as const) {
    app.post<{ Body: { id: number } }>(path, sessionWrite(TAGS, nothing, byId), async (request) => {
      await pauseCopy(ctx, caller(request).id, request.body.id, paused);
      return ok(null);
    });
  }

  app.post<{ Body: { id: number; keep?: number } }>(
    '/api/copy/stop',
    sessionWrite(TAGS, nothing, body({ id: ID, keep: int(0, 1) }, ['id'])),
    async (request) => {
      const { id, keep } = request.body;
      await (keep === 1 ? stopKeepingPositions : stopCopy)(ctx, caller(request).id, id);
      return ok(null, requestText(request, 'server.copy_stopped'));
    },
  );

  const withAmount = body({ id: ID, amount: AMOUNT }, ['id', 'amount']);
  for (const [path, transfer] of [
    ['/api/copy/add', addToCopy],
    ['/api/copy/withdraw', withdrawFromCopy],
  ] as const) {
    app.post<{ Body: { id: number; amount: string } }>(
      path,
      sessionWrite(TAGS, nothing, withAmount),
      async (request) => {
        await transfer(ctx, caller(request).id, request.body.id, request.body.amount);
        return ok(null);
      },
    );
  }
}
