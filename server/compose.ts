// The composition root: every service wired by role, all, market writer or gateway (docs/scaling.md).
import { pid } from 'node:process';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { serverLog } from './core/log-redaction.ts';
import { alertToWire, type PriceAlert } from '../domain/price-alerts.ts';
import { buildApp } from './http/http-app.ts';
import { localBus } from './bus/local-bus.ts';
import { natsBus } from './bus/nats-bus.ts';
import { SUBJECTS, type Bus } from './bus/bus.ts';
import { alertChanges, busRevocations, deliverUserEvents, orderChanges } from './bus/wiring.ts';
import type { Tick } from './market/market-view.ts';
import { AlertWatcher } from './alerts/alert-watcher.ts';
import { DEFAULT_VAPID_SUBJECT } from './alerts/alerts-context.ts';
import { PUSH_SERVICE_HOSTS } from './alerts/push-subscriptions.ts';
import { loadVapidKeys } from './alerts/vapid-keys.ts';
import { sealingKey } from './backup/backup-key.ts';
import { WebPushSender } from './alerts/web-push-sender.ts';
import { acquireLeadership, LOCK_KEYS, withSessionLock, type Leadership } from './cluster/leader.ts';
import { checkRole, type Role } from './cluster/role.ts';
import type { ServerConfig } from './config.ts';
import type { AppContext, RouteModule } from './core/app-context.ts';
import type { Services } from './core/services.ts';
import { endedElsewhere, userFromToken } from './auth/session.ts';
import { OrderEngine } from './engine/engine.ts';
import { currentSeq } from './engine/event-seq.ts';
import { loadEngineInstruments } from './market/instrument-catalogue.ts';
import { systemClock, systemTimers } from './core/system-time.ts';
import { migrate } from './db/migrate.ts';
import { guardTx } from './db/tx-guard.ts';
import { openServerDb, type OpeningDb } from './db/open-db.ts';
import { seed } from './db/seeds/index.ts';
import { pickLanguage, translate } from './http/i18n.ts';
import { DEFAULT_FUND_DAY_MS } from '../domain/fund-maths.ts';
import { startWriterJobs } from './writer-jobs.ts';
import { MarketService } from './market/market-service.ts';
import { followDesk, localDesk, publishDesk, type DeskContext } from './market/price-desk/desk-wiring.ts';
import { loadOpsToken, prepareBootstrap } from './ops/auth.ts';
import { activeAdminCount } from './staff/staff-repository.ts';
import { startDelivery } from './notify/delivery-wiring.ts';
import { healthRoutes } from './routes/health.ts';
import { CORE_ROUTES } from './routes/index.ts';
import { marketDataRoutes } from './routes/market-data.ts';
import { makeLimits } from './security/limits.ts';
import { memoryWindows, sharedWindows } from './security/counted-windows.ts';
import { sharedStore } from './security/rate-limit.ts';
import { sharedSocketLeases } from './security/socket-leases.ts';
import { Hub } from './ws/hub.ts';
import {
  countedNotifier,
  countedPush,
  priceDeskMetrics,
  hubMetrics,
  poolMetrics,
  timedDb,
  timedTicks,
} from './metrics/collectors.ts';
import { createMetrics, httpMetricsHook, type Metrics } from './metrics/metrics.ts';
import { startMetricsServer } from './metrics/metrics-server.ts';
import { wsRoutes } from './ws/ws-routes.ts';

/** How long a stopping server waits for the requests in flight (docs/operations.md "Restarts"). */
const DRAIN_MS = 5_000;

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  role: Role;
  /** Role market: settles when this process lost the writer lock, and then it must stop. */
  leadershipLost?: Promise<Error> | undefined;
  listen(port?: number, host?: string): Promise<string>;
  /** Idempotent. */
  close(): Promise<void>;
  metrics: Metrics;
  metricsUrl?: string | undefined;
}

/** `early`: the database serve.ts began to open before this module loaded. */
export async function createServer(config: ServerConfig, early?: OpeningDb): Promise<RunningServer> {
  const role = config.role ?? 'all';
  checkRole(role, config);
  const clock = config.clock ?? systemClock;
  const timers = config.timers ?? systemTimers;
  // One pino logger: Fastify takes the same instance so requests and services share one stream.
  const log: FastifyBaseLogger = config.log ?? serverLog(config.logLevel ?? 'info');
  const databaseUrl = config.databaseUrl ?? '';
  // Metrics first: a standby waiting for the writer lock already answers the scrape.
  const metrics = createMetrics();
  metrics.writerLeader.set(role === 'all' ? 1 : 0);
  const metricsServer = config.metrics ? await startMetricsServer(metrics.registry, config.metrics) : undefined;
  // A standby opens nothing until the writer lock is its own.
  let leadership: Leadership | undefined;
  if (role === 'market') {
    log.info('market writer: waiting for the writer lock');
    leadership = await acquireLeadership(databaseUrl);
    log.info('market writer: leading');
    metrics.writerLeader.set(1);
  }
  const { db: opening, unlock } =
    early ?? openServerDb(config, (err) => log.error({ err }, 'postgres pool client error'));
  const openedDb = await opening;
  const guarded = config.txGuard
    ? guardTx(openedDb, {
        refused: (err) => {
          log.error({ err }, 'the outer database was called inside one of its transactions');
          if (typeof config.txGuard === 'function') config.txGuard(err);
        },
        stuck: (err) => log.error({ err }, 'a transaction is still open'),
        timers: systemTimers,
      })
    : openedDb;
  const db = timedDb(guarded, metrics);
  /** Stopped in reverse order: market timers before the database they write to, the folder's lock last. */
  const stoppers: Array<() => Promise<void> | void> = [unlock, () => db.close()];
  if (leadership) stoppers.unshift(() => leadership.release());
  if (metricsServer) stoppers.unshift(() => metricsServer.close());
  poolMetrics(metrics.registry, db);
  try {
    // Several processes start at once in a cluster: one migrates and seeds, the others wait for it.
    const prepare = async (): Promise<void> => {
      const applied = await migrate(db, clock.now());
      const seeded = await seed(db, clock.now());
      if (applied.length > 0) log.info({ applied }, 'migrations applied');
      log.debug({ seeded }, 'seeders ran');
    };
    await (role === 'all' ? prepare() : withSessionLock(databaseUrl, LOCK_KEYS.migrate, prepare));

    const bus: Bus =
      config.bus ??
      (role === 'all'
        ? localBus((err) => log.error({ err }, 'bus subscriber failed'))
        : await natsBus({
            url: config.natsUrl ?? '',
            name: `tickwise-${role}-${pid}`,
            onError: (err) => log.error({ err }, 'bus'),
          }));
    if (!config.bus) stoppers.push(() => bus.close()); // a given bus is shared: its owner closes it
    const origin = `${role}-${pid}-${Math.random().toString(36).slice(2, 10)}`;

    const limits = makeLimits(config.security);
    const revocations = busRevocations(bus, log);
    stoppers.push(() => revocations.stop());

    const market = await MarketService.start(
      { db, clock, timers, log },
      { ...config.market, follow: role === 'gateway' },
    );
    stoppers.push(() => market.close());
    if (role === 'market') stoppers.push(market.onTick((tick) => bus.publish(SUBJECTS.tick, tick)));
    if (role === 'gateway') stoppers.push(bus.subscribe(SUBJECTS.tick, (tick) => market.sim.follow(tick as Tick)));
    // Kept by the writer, followed by every gateway (docs/market-data.md).
    let priceDesk: DeskContext | undefined;
    if (role === 'gateway') {
      const f = followDesk(bus, (flags) => market.sim.setDeskFlags(flags.code, flags.stale, flags.halt));
      stoppers.push(() => f.stop());
      priceDesk = f.ctx;
    } else if (market.deskSources && role === 'market') {
      const f = publishDesk(bus, market.deskSources, timers, log);
      stoppers.push(() => f.stop());
      priceDesk = f.ctx;
    } else if (market.deskSources) priceDesk = localDesk(market.deskSources);

    // Not in the market writer: user events reach the hub through the bus, whoever committed them.
    const routes: RouteModule[] = [];
    let hub: Hub | undefined;
    if (role !== 'market') {
      const h = new Hub(
        {
          market,
          clock,
          timers,
          authenticate: async (token) => (await userFromToken({ db, clock }, token))?.id ?? null,
          endedElsewhere: (token) => endedElsewhere({ db, clock }, token),
          eventSeq: (userId) => currentSeq(db, userId),
          translate: (lang, key) => translate(pickLanguage(lang), key),
          onError: (err) => log.warn({ err }, 'websocket hub'),
        },
        { sockets: limits.socket(), ...config.market?.ws },
      );
      hub = h;
      h.start();
      hubMetrics(metrics.registry, () => h.getStats());
      const offUsers = role === 'gateway' ? deliverUserEvents(bus, h) : () => undefined;
      // Revoked sessions must stop receiving pushes at once, whichever gateway revoked them.
      const offRevoked = revocations.onRevoked((r) => h.revoke(r));
      stoppers.push(() => {
        offUsers();
        offRevoked();
        h.stop();
      });
      // Gateways cap sockets per address across all of them, so the count lives in PostgreSQL.
      const leases =
        role === 'gateway'
          ? sharedSocketLeases(
              { db, clock, timers, onError: (err) => log.warn({ err }, 'socket leases') },
              limits.socket().perAddress,
              origin,
            )
          : undefined;
      if (leases) stoppers.push(() => leases.stop());
      routes.push(...CORE_ROUTES, marketDataRoutes(market), wsRoutes(h, leases));
    } else {
      routes.push(healthRoutes);
    }

    // Every role queues codes and notices; only the writer sends (docs/notifications.md).
    const delivery = startDelivery(
      { db, clock, timers, log, count: (channel, state) => metrics.deliveries.inc({ channel, state }) },
      config.delivery ?? {},
      role !== 'gateway',
    );
    stoppers.push(async () => delivery.sender?.stop());
    const engineRef: { current?: OrderEngine } = {};
    const services: Services = {
      db,
      clock,
      timers,
      log,
      market,
      // Through the bus the event goes to every gateway; the one with the user's sockets sends it.
      push: countedPush(
        role === 'all' && hub ? hub : { toUser: (userId, message) => bus.publish(SUBJECTS.user(userId), message) },
        metrics,
        (id) => engineRef.current?.tags.isDemo(id),
      ),
      notifier: countedNotifier(config.notifier ?? delivery.notifier, metrics),
    };
    // Every engine announces its committed orders so the writer's triggers see a new pending order or stop at once.
    const changes = orderChanges(bus, origin, (id) => engineRef.current?.refreshOrder(id) ?? Promise.resolve(), log);
    stoppers.push(() => changes.stop());
    const engine = new OrderEngine({ ...services, market: timedTicks(market, metrics) }, loadEngineInstruments, {
      triggers: role !== 'gateway',
      announce: role === 'all' ? undefined : (id) => changes.announce(id),
    });
    engineRef.current = engine;
    await engine.start();
    stoppers.push(() => engine.stop());
    // Every role serves the VAPID public key; only the writer evaluates alerts on its ticks (docs/alerts.md).
    const vapid = loadVapidKeys(config.dataDir, config.push?.vapid);
    const pushHosts = config.push?.hosts ?? PUSH_SERVICE_HOSTS;
    const webPush = new WebPushSender(db, log, {
      keys: vapid,
      hosts: pushHosts,
      subject: config.push?.subject ?? DEFAULT_VAPID_SUBJECT,
      agent: config.push?.agent,
    });
    const alertBus = alertChanges(bus);
    let watcher: AlertWatcher | undefined;
    if (role !== 'gateway') {
      // A fired alert goes to the user's sockets and, for a closed app, by Web Push (docs/alerts.md "Delivery").
      const deliver = async (userId: number, alert: PriceAlert): Promise<void> => {
        services.push.toUser(userId, { type: 'PRICE_ALERT', data: alertToWire(alert) });
        await webPush.send(userId, alert);
      };
      const w = new AlertWatcher({ db, clock, log, market, deliver });
      await w.start();
      stoppers.push(() => w.stop());
      if (role === 'market') stoppers.push(alertBus.follow((id) => void w.refresh(id)));
      watcher = w;
    }
    let backupKey: Buffer | undefined;
    const ctx: AppContext = {
      ...services,
      alerts: {
        changed: watcher && role === 'all' ? (id) => watcher.refresh(id) : (id) => alertBus.announce(id),
        vapidPublicKey: vapid.publicKey,
        pushHosts,
        watcher,
      },
      engine,
      opsToken: loadOpsToken(config.opsToken),
      opsBootstrap: prepareBootstrap(config.dataDir, (await activeAdminCount(db)) === 0),
      staffIdleMs: (config.staffIdleMinutes ?? 30) * 60_000,
      wallClock: config.wallClock ?? clock,
      fundDayMs: config.fundDayMs ?? DEFAULT_FUND_DAY_MS,
      limits,
      // Gateways count wrong guesses in PostgreSQL like the request budgets (docs/scaling.md "Shared state").
      failureWindows: role === 'gateway' ? sharedWindows(db, clock) : memoryWindows(clock),
      revocations,
      priceDesk,
      // The key is read at the first backup, so DATA_DIR/backup.key is made then, not at start.
      backups: {
        dir: config.backupDir ?? config.backups?.dir,
        key: () => (backupKey ??= sealingKey({ dataDir: config.dataDir, configured: config.backupKey })),
      },
      databaseUrl: config.databaseUrl,
      delivery: delivery.sender,
    };
    if (role !== 'gateway') await startWriterJobs(ctx, config, webPush, metrics.registry, stoppers);
    const app = await buildApp(ctx, {
      distDir: config.distDir,
      publicDir: config.publicDir,
      trustProxy: config.trustProxy,
      onResponseViolation: config.onResponseViolation,
      routes,
      rateStore: role === 'gateway' ? sharedStore(db, clock) : undefined,
      onResponse: httpMetricsHook(metrics),
    });
    priceDeskMetrics(metrics.registry, () => priceDesk?.status() ?? null);
    await app.ready();
    await bus.flush(); // subscriptions registered with the broker before anyone is told we are up

    let closing: Promise<void> | undefined;
    return {
      app,
      ctx,
      role,
      leadershipLost: leadership?.lost,
      metrics,
      metricsUrl: metricsServer?.url,
      async listen(port = 0, host = '127.0.0.1') {
        await app.listen({ port, host });
        const addr = app.server.address();
        const actualPort = typeof addr === 'object' && addr ? addr.port : port;
        const shownHost = host.includes(':') ? `[${host}]` : host;
        return `http://${shownHost}:${actualPort}`;
      },
      close() {
        closing ??= (async () => {
          // Sockets first (1012) so clients move to another gateway while the requests in flight finish.
          hub?.stop();
          // A stuck client cannot hold the restart: connections still open after DRAIN_MS are cut.
          const deadline = timers.setTimeout(() => app.server.closeAllConnections(), DRAIN_MS);
          await app.close();
          timers.clearTimeout(deadline);
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
    // Start-up failed part-way: stop whatever already runs, then the database.
    for (const stop of [...stoppers].reverse())
      await Promise.resolve()
        .then(stop)
        .catch(() => undefined);
    throw err;
  }
}
