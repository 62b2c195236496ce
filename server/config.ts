// Server configuration: what serve.ts reads from the environment and what tests pass to createServer.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, Timers } from '../domain/time.ts';
import { DEFAULT_FUND_DAY_MS } from '../domain/fund-maths.ts';
import type { Bus } from './bus/bus.ts';
import type { Db } from './db/db.ts';
import type { Notifier } from './core/services.ts';
import { shiftedClock, systemClock } from './core/system-time.ts';
import type { ResponseViolation } from './http/response-check.ts';
import type { SecurityOptions } from './security/limits.ts';
import { roleEnv, type Role } from './cluster/role.ts';
import type { PushOptions } from './alerts/alerts-context.ts';
import type { AddedCatalogue } from './market/instrument-catalogue.ts';
import type { MarketSourcesOptions } from './market/price-desk/market-sources.ts';
import { SPIKE_PCT } from './market/price-desk/desk-config.ts';
import { priceSourcesEnv } from './market/sources/source-registry.ts';
import { metricsEnv, type MetricsListen } from './metrics/metrics-server.ts';
import { backupEnv, type BackupSchedule } from './backup/backup-job.ts';
import { deliveryFromEnv, type DeliveryOptions } from './notify/delivery-options.ts';

/**
 * Options for the simulated market, owned by the market module (server/market/): extend this interface there
 * as needed; createServer passes it through untouched.
 */
export interface MarketOptions extends MarketSourcesOptions {
  seed?: number;
  /** No timer-driven ticks: tests step the simulator by hand. */
  manual?: boolean;
  /** Instruments added in memory beside the stored catalogue (the bench's, bench/lib/serve-entry.ts). */
  catalogue?: AddedCatalogue;
  /** How often the simulator advances in timer mode (ms, default 50). */
  tickIntervalMs?: number;
  /** A gateway's copy of the market: history read but never written, prices only from follow() (role gateway). */
  follow?: boolean;
  /** How often live kline bars are written (ms, default 5000). */
  flushMs?: number;
  /** How often old kline bars are pruned (ms, default one hour). */
  pruneMs?: number;
  /** Websocket hub limits (server/ws/connection.ts HubOptions): batch period, buffer limits, stuck and idle timeouts. */
  ws?: {
    flushMs?: number;
    softLimit?: number;
    hardLimit?: number;
    stuckMs?: number;
    idleMs?: number;
    maxTopics?: number;
  };
}

export interface ServerConfig {
  /** Root for PGlite data and the ops token. Default ./data. */
  dataDir: string;
  /** postgres://… switches from PGlite to a real server. */
  databaseUrl?: string | undefined;
  /** PGlite directory override, e.g. memory:// (tests). Default {dataDir}/pglite. */
  pgliteDir?: string | undefined;
  /** Start PGlite as a copy of this tarball (tests' template database). */
  pgliteTemplate?: Blob | undefined;
  /** PGlite in a worker thread (server/db/pglite-bridge.ts): queries off the event loop. From the environment it is
   * the default (`pgliteWorkerEnv`); a caller of createServer (the tests) asks for it explicitly. */
  pgliteWorker?: boolean | undefined;
  /** The outer db refused inside its own transactions (server/db/tx-guard.ts; DB_TX_GUARD=1): the tests' servers.
   * Each refusal is logged, and told to the function when one is given (the server tests fail on it). */
  txGuard?: boolean | ((err: Error) => void) | undefined;
  /** An already open database (the server takes ownership and closes it). */
  db?: Db | undefined;
  clock?: Clock | undefined;
  /**
   * The real time, for what a device outside checks against it (staff TOTP codes): `clock` unless SIM_TIME shifts
   * that one, when it stays the system clock.
   */
  wallClock?: Clock | undefined;
  timers?: Timers | undefined;
  notifier?: Notifier | undefined;
  /** Pino level; 'silent' in tests. */
  logLevel?: string | undefined;
  /** A logger to use instead of a new pino at logLevel (a test that reads what was logged). */
  log?: FastifyBaseLogger | undefined;
  /** Built client to serve. Default ./dist. */
  distDir?: string | undefined;
  /** Static fallback when dist is missing (logos, icons). Default ./public. */
  publicDir?: string | undefined;
  market?: MarketOptions | undefined;
  /** Abuse budgets (server/security/limits.ts): RATE_LIMIT_FACTOR. */
  security?: SecurityOptions | undefined;
  /**
   * Fastify's trustProxy (TRUST_PROXY): whether X-Forwarded-For names the client. Off by default, so a caller
   * cannot pick its own address for the per-address limits; set it to the proxy's address or hop count behind
   * a load balancer.
   */
  trustProxy?: boolean | string | number | undefined;
  /** Checks every answer against its route's documented response schema (the server tests; never in production). */
  onResponseViolation?: ((v: ResponseViolation) => void) | undefined;
  /** The back office's break-glass token (OPS_TOKEN); off when unset (docs/back-office.md "Break-glass"). */
  opsToken?: string | undefined;
  /** Minutes without a request after which a staff session ends (STAFF_IDLE_MINUTES, default 30). */
  staffIdleMinutes?: number | undefined;
  /** Length of a fund day in ms (FUND_DAY_MS, default one day): a demo can watch a fund mature in seconds. */
  fundDayMs?: number | undefined;
  /** COPY_MIRROR_CHUNK: copies per transaction of a batched mirrored action (default 500,
   * docs/copy-trading.md "Batching"); the kill -9 test makes it small so a kill lands between chunks. */
  copyMirrorChunk?: number | undefined;
  /** Run the fund income job on the timers (default true); tests run it by hand (runFundIncome). */
  fundJob?: boolean | undefined;
  /** SWAP_ROLLOVER_MS: an accelerated swap rollover (every this many ms) for the soak and demos; default the daily
   * schedule of each instrument (docs/trading.md "Swaps"). */
  swapRolloverMs?: number | undefined;
  /** Run the swap job on the timers (default true); tests run it by hand (runSwaps). */
  swapJob?: boolean | undefined;
  /** ROLE: `all` (default, one process), `market` (the market writer) or `gateway` (REST and sockets). */
  role?: Role | undefined;
  /** NATS_URL: the broker of the market and gateway roles (nats://host:port). */
  natsUrl?: string | undefined;
  /**
   * Tests only: a bus shared with other roles in the same process, in place of NATS (the cluster server tests run
   * over both). The server does not close it: its owner does.
   */
  bus?: Bus | undefined;
  /** Web Push for price alerts (docs/alerts.md): VAPID keys, contact, allowed push services. */
  push?: PushOptions | undefined;
  /** METRICS_PORT, METRICS_HOST: Prometheus metrics on a port of their own (docs/operations.md); off when absent. */
  metrics?: MetricsListen | undefined;
  /** BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP: scheduled backups on the market writer (docs/operations.md "Backups"). */
  backups?: BackupSchedule | undefined;
  /** BACKUP_DIR for the backup command when no schedule is set (tests); default the schedule's folder. */
  backupDir?: string | undefined;
  /** BACKUP_KEY: the key that seals backups; default DATA_DIR/backup.key (server/backup/backup-key.ts). */
  backupKey?: string | undefined;
  /** Where codes and notices go and the queue's retry rules (docs/notifications.md); none: the outbox. */
  delivery?: DeliveryOptions | undefined;
}

export interface ListenConfig {
  port: number;
  host: string;
}

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

/** An ISO instant for SIM_TIME: the server's clock starts there (see shiftedClock). */
function timeEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const t = Date.parse(raw);
  if (!Number.isFinite(t))
    throw new Error(`${name} must be an ISO date-time such as 2026-11-18T12:00:00Z, got "${raw}"`);
  return t;
}

/** TRUST_PROXY: true/false, a hop count, or addresses/CIDRs separated by commas (Fastify's forms). */
export function trustProxyEnv(raw: string | undefined): boolean | string | number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

/** RATE_LIMIT_FACTOR: a positive number multiplying every budget (1 = the documented figures). */
function factorEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.RATE_LIMIT_FACTOR;
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`RATE_LIMIT_FACTOR must be a positive number, got "${raw}"`);
  return n;
}

/** PGLITE_WORKER: embedded PGlite runs on a worker thread unless it is `0`, so queries do not hold the server's event
 * loop (docs/reliability.md has the soak's figures). */
export function pgliteWorkerEnv(raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === '1') return true;
  if (raw === '0') return false;
  throw new Error(
    `PGLITE_WORKER must be 1 (PGlite on a worker thread, the default) or 0 (on the server's own thread), got "${raw}"`,
  );
}

/**
 * Reads PORT, HOST, DATA_DIR, DATABASE_URL, PGLITE_WORKER, DB_TX_GUARD, LOG_LEVEL, SIM_SEED, SIM_TIME,
 * OPS_TOKEN, STAFF_IDLE_MINUTES, FUND_DAY_MS, COPY_MIRROR_CHUNK, RATE_LIMIT_FACTOR, TRUST_PROXY, ROLE, NATS_URL, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY,
 * VAPID_SUBJECT, PRICE_SOURCES, FEED_STALE_MS, FEED_SPIKE_PCT, METRICS_PORT, METRICS_HOST, BACKUP_DIR, BACKUP_EVERY,
 * BACKUP_KEEP, BACKUP_KEY (each source reads its own settings: docs/market-data.md), and the delivery settings (SMTP_URL,
 * SMS_PROVIDER …: server/notify/delivery-options.ts).
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig & ListenConfig {
  const market: MarketOptions = {};
  if (env.SIM_SEED) market.seed = intEnv(env, 'SIM_SEED', 1);
  const simStart = timeEnv(env, 'SIM_TIME');
  market.priceSources = priceSourcesEnv(env.PRICE_SOURCES);
  market.sourceEnv = env;
  market.desk = {};
  if (env.FEED_STALE_MS) market.desk.defaultStaleMs = intEnv(env, 'FEED_STALE_MS', 10_000);
  if (env.FEED_SPIKE_PCT) {
    if (!SPIKE_PCT.test(env.FEED_SPIKE_PCT))
      throw new Error(`FEED_SPIKE_PCT must be a percent such as 5 or 0.5, got "${env.FEED_SPIKE_PCT}"`);
    market.desk.defaultSpikePct = env.FEED_SPIKE_PCT;
  }
  return {
    port: intEnv(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR || 'data',
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteWorker: pgliteWorkerEnv(env.PGLITE_WORKER),
    txGuard: env.DB_TX_GUARD === '1',
    logLevel: env.LOG_LEVEL || 'info',
    clock: simStart === undefined ? undefined : shiftedClock(simStart),
    wallClock: simStart === undefined ? undefined : systemClock,
    market,
    security: { factor: factorEnv(env) },
    trustProxy: trustProxyEnv(env.TRUST_PROXY),
    metrics: metricsEnv(env),
    backups: backupEnv(env),
    backupKey: env.BACKUP_KEY || undefined,
    opsToken: env.OPS_TOKEN || undefined,
    staffIdleMinutes: env.STAFF_IDLE_MINUTES ? Math.max(1, intEnv(env, 'STAFF_IDLE_MINUTES', 30)) : undefined,
    fundDayMs: env.FUND_DAY_MS ? Math.max(1000, intEnv(env, 'FUND_DAY_MS', DEFAULT_FUND_DAY_MS)) : undefined,
    copyMirrorChunk: env.COPY_MIRROR_CHUNK ? Math.max(1, intEnv(env, 'COPY_MIRROR_CHUNK', 500)) : undefined,
    swapRolloverMs: env.SWAP_ROLLOVER_MS ? Math.max(1000, intEnv(env, 'SWAP_ROLLOVER_MS', 0)) : undefined,
    role: roleEnv(env.ROLE),
    natsUrl: env.NATS_URL || undefined,
    push: {
      vapid:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
      subject: env.VAPID_SUBJECT || undefined,
    },
    delivery: deliveryFromEnv(env),
    // Another built client (the e2e update test serves a second build on the same port and data directory).
    distDir: env.DIST_DIR || undefined,
  };
}
