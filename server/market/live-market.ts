// One call for server.ts: starts the simulated market and the websocket hub on top of it, and hands back the
// MarketFeed, the UserPush, the route modules (market REST + /v1/ws) and the stop function for shutdown.
import type { FastifyBaseLogger } from 'fastify';
import { userFromToken } from '../auth/session.ts';
import type { MarketOptions } from '../config.ts';
import type { Clock, Timers } from '../../src/domain/time.ts';
import type { Db } from '../db/db.ts';
import { pickLanguage, translate } from '../http/i18n.ts';
import type { RouteModule } from '../http/route-module.ts';
import { marketRoutes } from '../routes/market.ts';
import { currentSeq } from '../engine/event-seq.ts';
import type { Limits } from '../security/limits.ts';
import type { Revocations } from '../security/revocations.ts';
import { Hub } from '../ws/hub.ts';
import { wsRoutes } from '../ws/ws-routes.ts';
import { SimulatedMarket } from './market.ts';

export interface LiveMarket {
  market: SimulatedMarket;
  hub: Hub;
  routes: RouteModule[];
  /** Stops the hub (closing its sockets), then the market (writing its live bars). */
  stop(): Promise<void>;
}

export async function startLiveMarket(
  deps: { db: Db; clock: Clock; timers: Timers; log: FastifyBaseLogger; limits: Limits; revocations: Revocations },
  opts: MarketOptions = {},
): Promise<LiveMarket> {
  const market = await SimulatedMarket.start(deps, opts);
  const hub = new Hub(
    {
      market,
      clock: deps.clock,
      timers: deps.timers,
      authenticate: async (token) => (await userFromToken({ db: deps.db, clock: deps.clock }, token))?.id ?? null,
      eventSeq: (userId) => currentSeq(deps.db, userId),
      translate: (lang, key) => translate(pickLanguage(lang), key),
      onError: (err) => deps.log.warn({ err }, 'websocket hub'),
    },
    { sockets: deps.limits.socket(), ...opts.ws },
  );
  hub.start();
  // A logout or password change elsewhere logs those sockets out at once (they must stop receiving pushes).
  const offRevoked = deps.revocations.onRevoked((r) => hub.revoke(r));
  return {
    market,
    hub,
    routes: [marketRoutes(market), wsRoutes(hub)],
    async stop() {
      offRevoked();
      hub.stop();
      await market.close();
    },
  };
}
