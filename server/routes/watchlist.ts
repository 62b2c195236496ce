// Add, remove and move answer the whole list, so two devices converge on the next read.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { ok } from '../http/envelope.ts';
import { body, int } from '../http/schemas.ts';
import { WATCHLIST } from '../http/wire/watchlist.ts';
import { sessionRead, sessionWrite } from '../http/wire-schema.ts';
import { WATCHLIST_MAX } from '../../domain/watchlist.ts';
import { addToWatchlist, moveInWatchlist, readWatchlist, removeFromWatchlist } from '../watchlist/watchlist.ts';

const TAGS = ['Watchlist'];
const FOREX_ID = int(1);
const ONE = body({ forex_id: FOREX_ID }, ['forex_id']);

export async function watchlistRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireSession(app, ctx); // demo users keep one too (it moves no money)
  app.get('/v1/api/watchlist/list', sessionRead(TAGS, WATCHLIST), async (request) =>
    ok(await readWatchlist(ctx.db, caller(request).id)),
  );

  for (const [path, change] of [
    ['/v1/api/watchlist/add', addToWatchlist],
    ['/v1/api/watchlist/remove', removeFromWatchlist],
  ] as const) {
    app.post<{ Body: { forex_id: number } }>(path, sessionWrite(TAGS, WATCHLIST, ONE), async (request) =>
      ok(await change(ctx.db, caller(request).id, request.body.forex_id)),
    );
  }

  app.post<{ Body: { forex_id: number; to: number } }>(
    '/v1/api/watchlist/move',
    sessionWrite(TAGS, WATCHLIST, body({ forex_id: FOREX_ID, to: int(0, WATCHLIST_MAX - 1) }, ['forex_id', 'to'])),
    async (request) => ok(await moveInWatchlist(ctx.db, caller(request).id, request.body.forex_id, request.body.to)),
  );
}
