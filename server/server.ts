// The composition root: builds one server's services — logger, database (migrated and seeded), injected time,
// notifier, market and socket hub, order engine — and passes them in; no module builds a service at import time.
// main.ts runs it from the environment; tests call createServer with a fresh database and a fake clock.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import type { AppContext } from './context.ts';
import type { MarketFeed } from './market/feed.ts';
import type { Services, UserPush } from './services.ts';
import { clearDemoOrders } from './engine/demo-reset.ts';
import { OrderEngine } from './engine/engine.ts';
import { loadEngineInstruments } from './engine/instrument-catalog.ts';
import { createLogger } from './core/logger.ts';
import { systemClock, systemTimers } from './core/system-time.ts';
import { migrate } from './db/migrate.ts';
import { openDb } from './db/open-db.ts';
import { seed } from './db/seed.ts';
import type { RouteModule } from './http/route-module.ts';
import { DEFAULT_FUND_DAY_MS, startFundJob } from './funds/income-job.ts';
import { loadOpsToken } from './ops/token.ts';
import { outboxNotifier } from './notify/outbox-notifier.ts';
import { coreRoutes } from './routes/index.ts';
import { startLiveMarket } from './market/live-market.ts';
import { makeLimits } from './security/limits.ts';
import { revocationEvents } from './security/revocations.ts';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** Starts listening; returns the base URL (http://host:port). */
  listen(port?: number, host?: string): Promise<string>;
  /** Graceful stop: no new requests, sockets closed, market stopped, database flushed and closed. Idempotent. */
  close(): Promise<void>;
}

export async function createServer(config: ServerConfig): Promise<RunningServer> {
  const clock = config.clock ?? systemClock;
  const timers = config.timers ?? systemTimers;
  const log = config.log ?? createLogger(config.logLevel ?? 'info');
  const db =
    config.db ??
    (await openDb({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.pgliteDir ?? join(config.dataDir, 'pglite'),
      loadDataDir: config.pgliteTemplate,
      onPoolError: (err) => log.error({ err }, 'postgres pool client error'),
    }));
  /** Stopped in reverse order on close (market timers before the database they write to). */
  const stoppers: Array<() => Promise<void> | void> = [() => db.close()];
  try {
    const applied = await migrate(db, clock.now());
    const seeded = await seed(db, clock.now());
    if (applied.length > 0) log.info({ applied }, 'migrations applied');
    log.debug({ seeded }, 'seeders ran');

    // The simulated market (server/market/) and the websocket hub (server/ws/, implements UserPush); stopped
    // before the database closes (hub sockets first, then the market writes its live bars).
    const limits = makeLimits(config.security);
    const revocations = revocationEvents(log);
    const live = await startLiveMarket({ db, clock, timers, log, limits, revocations }, config.market);
    stoppers.push(() => live.stop());
    const market: MarketFeed = live.market;
    const push: UserPush = live.hub;
    const extraRoutes: RouteModule[] = live.routes;

    const services: Services = { db, clock, timers, log, market, push, notifier: config.notifier ?? outboxNotifier(db, clock, log) };
    // The order engine: triggers follow the market's ticks from here until close (after the app stops taking calls).
    const engine = new OrderEngine(services, loadEngineInstruments);
    await engine.start();
    stoppers.push(() => engine.stop());
    const ctx: AppContext = {
      ...services,
      engine,
      demoResetHooks: [clearDemoOrders],
      opsToken: loadOpsToken(config.dataDir, config.opsToken),
      fundDayMs: config.fundDayMs ?? DEFAULT_FUND_DAY_MS,
      limits,
      revocations,
    };
    // The fund income job: pays due days (catching up after downtime) until close.
    if (config.fundJob !== false) stoppers.push(startFundJob(ctx, ctx.fundDayMs));
    const app = await buildApp(ctx, {
      distDir: config.distDir,
      publicDir: config.publicDir,
      trustProxy: config.trustProxy,
      routes: [...coreRoutes(), ...extraRoutes],
    });
    await app.ready();

    let closing: Promise<void> | undefined;
    return {
      app,
      ctx,
      async listen(port = 0, host = '127.0.0.1') {
        await app.listen({ port, host });
        const addr = app.server.address();
        const actualPort = typeof addr === 'object' && addr ? addr.port : port;
        const shownHost = host.includes(':') ? `[${host}]` : host;
        return `http://${shownHost}:${actualPort}`;
      },
      close() {
        closing ??= (async () => {
          await app.close();
          for (const stop of [...stoppers].reverse()) {
            try {
              await stop();
            } catch (err) {
              ctx.log.error({ err }, 'error while shutting down');
            }
          }
        })();
        return closing;
      },
    };
  } catch (err) {
    // Start-up failed part-way: stop whatever already runs (the market's timers), then the database.
    for (const stop of [...stoppers].reverse()) await Promise.resolve().then(stop).catch(() => undefined);
    throw err;
  }
}
