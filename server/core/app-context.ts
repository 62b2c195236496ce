// What route modules are handed; built only by server/compose.ts, tests build theirs.
import type { FastifyInstance } from 'fastify';
import type { AlertsContext } from '../alerts/alerts-context.ts';
import type { OrderEngine } from '../engine/engine.ts';
import type { CountedWindows } from '../security/counted-windows.ts';
import type { Limits } from '../security/limits.ts';
import type { Revocations } from '../security/revocations.ts';
import type { Services } from './services.ts';
import type { Clock } from '../../domain/time.ts';
import type { DeskContext } from '../market/price-desk/desk-wiring.ts';
import type { Sender } from '../notify/sender.ts';

export interface AppContext extends Services {
  engine: OrderEngine;
  /** Scaled by the configured factor. */
  limits: Limits;
  /** In PostgreSQL when gateways share them, else in this process's memory. */
  failureWindows: CountedWindows;
  /** Every gateway's hub logs revoked sessions' sockets out. */
  revocations: Revocations;
  /** Null when off; never logged or sent out. */
  opsToken: string | null;
  /** The shell's token for the first administrator, while no active admin exists. */
  opsBootstrap: { token: string; path: string } | null;
  /** STAFF_IDLE_MINUTES. */
  staffIdleMs: number;
  /** TOTP codes need real time: an authenticator app knows no SIM_TIME. */
  wallClock: Clock;
  /** Income falls due every fundDayMs after a subscription. */
  fundDayMs: number;
  alerts: AlertsContext;
  /** Absent in bare test contexts. */
  priceDesk?: DeskContext | undefined;
  /** Unset dir: the backup command refuses. */
  backups: { dir: string | undefined; key(): Buffer };
  /** Backups run pg_dump against it. */
  databaseUrl?: string | undefined;
  /** Tests run its due rows by hand. */
  delivery?: Sender | undefined;
}

export type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;
