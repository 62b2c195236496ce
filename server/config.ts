import type { FastifyBaseLogger } from 'fastify';
import type { Clock, Timers } from '../domain/time.ts';
import { DEFAULT_FUND_DAY_MS } from '../domain/fund-maths.ts';
import type { Bus } from './bus/bus.ts';
import type { Db } from './db/db.ts';
import type { Notifier } from './core/services.ts';
import { shiftedClock, systemClock } from './core/system-time.ts';
import type { ResponseViolation } from './http/response-check.ts';
import type { SecurityOptions } from './security/limits.ts';
import { scryptParamsUsable, type ScryptParams } from './auth/password.ts';
import { roleEnv, type Role } from './cluster/role.ts';
import type { PushOptions } from './alerts/alerts-context.ts';
import type { AddedCatalogue } from './market/instrument-catalogue.ts';
import type { MarketSourcesOptions } from './market/price-desk/market-sources.ts';
import { SPIKE_PCT } from './market/price-desk/desk-config.ts';
import { priceSourcesEnv } from './market/sources/source-registry.ts';
import { metricsEnv, type MetricsListen } from './metrics/metrics-server.ts';
import { backupEnv, type BackupSchedule } from './backup/backup-job.ts';
import { deliveryFromEnv, type DeliveryOptions } from './notify/delivery-options.ts';
import type { HubOptions } from './ws/connection.ts';

/** Owned by the market module (server/market/); createServer passes it through untouched. */
export interface MarketOptions extends MarketSourcesOptions {
  seed?: number;
  /** No timer-driven ticks: tests step the simulator by hand. */
  manual?: boolean;
  /** Instruments added in memory beside the stored catalogue (the bench's). */
  catalogue?: AddedCatalogue;
  /** Timer mode's step period in ms (default 50). */
  tickIntervalMs?: number;
  /** A gateway's copy: history read but never written, prices only from follow(). */
  follow?: boolean;
  /** Period of live kline bar writes in ms (default 5000). */
  flushMs?: number;
  /** Period of old kline bar pruning in ms (default one hour). */
  pruneMs?: number;
  /** Websocket hub limits. */
  ws?: Partial<Omit<HubOptions, 'maxFrame' | 'sockets'>>;
}

export interface ServerConfig {
  /** Root for PGlite data and the ops token; default ./data. */
  dataDir: string;
  /** postgres://… switches from PGlite to a real server. */
  databaseUrl?: string | undefined;
  /** PGlite directory override, e.g. memory:// in tests; default {dataDir}/pglite. */
  pgliteDir?: string | undefined;
  /** Start PGlite as a copy of this tarball: the tests' template database. */
  pgliteTemplate?: Blob | undefined;
  /** PGlite on a worker thread so queries leave the event loop free; tests ask for it explicitly. */
  pgliteWorker?: boolean | undefined;
  /** DB_TX_GUARD: refuse the outer db inside its own transactions; the function hears each refusal (tests fail). */
  txGuard?: boolean | ((err: Error) => void) | undefined;
  /** The server takes ownership and closes it. */
  db?: Db | undefined;
  clock?: Clock | undefined;
  /** Staff TOTP codes check against real time, so this stays the system clock when SIM_TIME shifts `clock`. */
  wallClock?: Clock | undefined;
  timers?: Timers | undefined;
  notifier?: Notifier | undefined;
  logLevel?: string | undefined;
  /** Replaces a new pino at logLevel, for a test that reads what was logged. */
  log?: FastifyBaseLogger | undefined;
  /** Built client to serve; default ./dist. */
  distDir?: string | undefined;
  /** Static fallback when dist is missing (logos, icons); default ./public. */
  publicDir?: string | undefined;
  market?: MarketOptions | undefined;
  /** RATE_LIMIT_FACTOR scales these abuse budgets. */
  security?: SecurityOptions | undefined;
  /** TRUST_PROXY; off by default so a caller cannot pick its own address for the per-address limits. */
  trustProxy?: boolean | string | number | undefined;
  /** Never in production: checks every answer against its documented schema for the server tests. */
  onResponseViolation?: ((v: ResponseViolation) => void) | undefined;
  /** OPS_TOKEN; off when unset (docs/back-office.md "Break-glass"). */
  opsToken?: string | undefined;
  /** STAFF_IDLE_MINUTES (default 30). */
  staffIdleMinutes?: number | undefined;
  /** FUND_DAY_MS (default one day): a demo can watch a fund mature in seconds. */
  fundDayMs?: number | undefined;
  /** COPY_MIRROR_CHUNK (default 500); the kill -9 test makes it small so a kill lands between chunks. */
  copyMirrorChunk?: number | undefined;
  /** Default true; tests run it by hand (runFundIncome). */
  fundJob?: boolean | undefined;
  /** SWAP_ROLLOVER_MS: an accelerated rollover for the soak and demos; default each instrument's daily schedule. */
  swapRolloverMs?: number | undefined;
  /** Default true; tests run it by hand (runSwaps). */
  swapJob?: boolean | undefined;
  /** Default true; an engine bed's tests run their own mirror and guard over the bed's engine. */
  copyJobs?: boolean | undefined;
  /** HOUSE_TRADERS (on unless 0): the house's demo providers trade (server/copy/house-traders.ts); off by default
   * for a server built in code, as the tests build theirs. */
  houseTraders?: boolean | undefined;
  /** ROLE: `all` (default), `market` (the market writer) or `gateway` (REST and sockets). */
  role?: Role | undefined;
  /** NATS_URL: the broker of the market and gateway roles. */
  natsUrl?: string | undefined;
  /** Tests only: a bus shared with other roles in one process in place of NATS; its owner closes it. */
  bus?: Bus | undefined;
  /** VAPID_*: Web Push for price alerts (docs/alerts.md). */
  push?: PushOptions | undefined;
  /** METRICS_PORT, METRICS_HOST; off when absent. */
  metrics?: MetricsListen | undefined;
  /** BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP: scheduled backups on the market writer. */
  backups?: BackupSchedule | undefined;
  /** BACKUP_DIR for the backup command when no schedule is set (tests). */
  backupDir?: string | undefined;
  /** BACKUP_KEY; default DATA_DIR/backup.key. */
  backupKey?: string | undefined;
  /** Where codes and notices go (docs/notifications.md); none: the outbox. */
  delivery?: DeliveryOptions | undefined;
}

/** The simulator's step: under 10 ms it would spend the server on ticks no screen can show. */
export function simTickEnv(raw: string): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 10)
    throw new Error(`SIM_TICK_MS must be a whole number of ms, 10 or more, got "${raw}"`);
  return n;
}

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

/** SIM_TIME: an ISO instant where the server's clock starts. */
function timeEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const t = Date.parse(raw);
  if (!Number.isFinite(t))
    throw new Error(`${name} must be an ISO date-time such as 2026-11-18T12:00:00Z, got "${raw}"`);
  return t;
}

/** Fastify's forms: true/false, a hop count, or addresses/CIDRs separated by commas. */
function trustProxyEnv(raw: string | undefined): boolean | string | number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

/** Multiplies every budget; 1 keeps the documented figures. */
function factorEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.RATE_LIMIT_FACTOR;
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`RATE_LIMIT_FACTOR must be a positive number, got "${raw}"`);
  return n;
}

/** SCRYPT_PARAMS "N,r,p": the cost of a new password hash; unset keeps OWASP_SCRYPT, as production does. */
export function scryptEnv(raw: string | undefined): ScryptParams | undefined {
  if (raw === undefined || raw === '') return undefined;
  const parts = raw.split(',');
  const [N = NaN, r = NaN, p = NaN] = parts.map((x) => (/^\d+$/.test(x) ? Number(x) : NaN));
  if (parts.length !== 3 || !scryptParamsUsable({ N, r, p }))
    throw new Error(`SCRYPT_PARAMS must be "N,r,p" with N a power of two from 1024, r and p from 1, got "${raw}"`);
  return { N, r, p };
}

/** A switch that is on unless set to 0; `on` and `off` say what each means in the error. */
function onUnlessZero(name: string, raw: string | undefined, on: string, off: string): boolean {
  if (raw === undefined || raw === '' || raw === '1') return true;
  if (raw === '0') return false;
  throw new Error(`${name} must be 1 (${on}, the default) or 0 (${off}), got "${raw}"`);
}

/** On by default so queries do not hold the server's event loop. */
export const pgliteWorkerEnv = (raw: string | undefined): boolean =>
  onUnlessZero('PGLITE_WORKER', raw, 'PGlite on a worker thread', "on the server's own thread");

/** Each price source reads its own settings (docs/market-data.md), delivery its own (server/notify/). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig & { port: number; host: string } {
  const market: MarketOptions = {};
  if (env.SIM_SEED) market.seed = intEnv(env, 'SIM_SEED', 1);
  if (env.SIM_TICK_MS) market.tickIntervalMs = simTickEnv(env.SIM_TICK_MS);
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
    security: { factor: factorEnv(env), scrypt: scryptEnv(env.SCRYPT_PARAMS) },
    trustProxy: trustProxyEnv(env.TRUST_PROXY),
    metrics: metricsEnv(env),
    backups: backupEnv(env),
    backupKey: env.BACKUP_KEY || undefined,
    opsToken: env.OPS_TOKEN || undefined,
    staffIdleMinutes: env.STAFF_IDLE_MINUTES ? Math.max(1, intEnv(env, 'STAFF_IDLE_MINUTES', 30)) : undefined,
    fundDayMs: env.FUND_DAY_MS ? Math.max(1000, intEnv(env, 'FUND_DAY_MS', DEFAULT_FUND_DAY_MS)) : undefined,
    copyMirrorChunk: env.COPY_MIRROR_CHUNK ? Math.max(1, intEnv(env, 'COPY_MIRROR_CHUNK', 500)) : undefined,
    swapRolloverMs: env.SWAP_ROLLOVER_MS ? Math.max(1000, intEnv(env, 'SWAP_ROLLOVER_MS', 0)) : undefined,
    houseTraders: onUnlessZero('HOUSE_TRADERS', env.HOUSE_TRADERS, 'the house demo traders trade', 'they do not'),
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
    // The e2e update test serves a second build on the same port and data directory.
    distDir: env.DIST_DIR || undefined,
  };
}
