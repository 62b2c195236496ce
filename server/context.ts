// What route modules are handed: the services (server/services.ts) plus the order engine, the limits, the session
// revocations and the operator settings. Built only by server/server.ts, the composition root; tests build theirs.
import type { DemoResetHook } from './accounts/demo.ts';
import type { AlertsContext } from './alerts/alerts-context.ts';
import type { OrderEngine } from './engine/engine.ts';
import type { CountedWindows } from './security/counted-windows.ts';
import type { Limits } from './security/limits.ts';
import type { Revocations } from './security/revocations.ts';
import type { Services } from './services.ts';
import type { FeedsContext } from './market/feeds/feed-wiring.ts';
import type { Sender } from './notify/sender.ts';

export interface AppContext extends Services {
  engine: OrderEngine;
  /** Run inside a demo reset's transaction before the balance is restored (the engine's: delete the orders). */
  demoResetHooks: readonly DemoResetHook[];
  /** Abuse budgets and daily caps (server/security/limits.ts), scaled by the configured factor. */
  limits: Limits;
  /** The wrong-guess windows (login lock, ops token): this process's memory, or PostgreSQL when gateways share them. */
  failureWindows: CountedWindows;
  /** Session revocations (logout, password reset or change): every gateway's hub logs those sockets out. */
  revocations: Revocations;
  /** The operator token the ops API checks (server/ops/auth.ts); never logged or sent to a client. */
  opsToken: string;
  /** Length of a fund day (FUND_DAY_MS): income falls due every fundDayMs after a subscription. */
  fundDayMs: number;
  /** Price alerts: the change announcement, the VAPID public key, the allowed push services (docs/alerts.md). */
  alerts: AlertsContext;
  /** The price feeds as the operator sees and steers them (docs/market-data.md); absent in bare test contexts. */
  feeds?: FeedsContext | undefined;
  /** The message sender of this process (the writer, when a gateway is set): tests run its due rows by hand. */
  delivery?: Sender | undefined;
  /** DATABASE_URL when the database is PostgreSQL: backups run pg_dump against it (server/backup/). */
  databaseUrl?: string | undefined;
}
