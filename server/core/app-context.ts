// What route modules are handed: the services (server/core/services.ts) plus the order engine, the limits, the session
// revocations and the operator settings. Built only by server/compose.ts, the composition root; tests build theirs.
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
  /** Abuse budgets and daily caps (server/security/limits.ts), scaled by the configured factor. */
  limits: Limits;
  /** The wrong-guess windows (login lock, ops token): this process's memory, or PostgreSQL when gateways share them. */
  failureWindows: CountedWindows;
  /** Session revocations (logout, password reset or change): every gateway's hub logs those sockets out. */
  revocations: Revocations;
  /** The break-glass token the ops API accepts (server/ops/auth.ts), null when off; never logged or sent out. */
  opsToken: string | null;
  /** While no active admin exists: the shell's token for the first administrator (DATA_DIR/ops-bootstrap). */
  opsBootstrap: { token: string; path: string } | null;
  /** A staff session ends after this long without a request (STAFF_IDLE_MINUTES). */
  staffIdleMs: number;
  /** Real time for TOTP codes (an authenticator app knows no SIM_TIME); the same as `clock` in tests. */
  wallClock: Clock;
  /** Length of a fund day (FUND_DAY_MS): income falls due every fundDayMs after a subscription. */
  fundDayMs: number;
  /** Price alerts: the change announcement, the VAPID public key, the allowed push services (docs/alerts.md). */
  alerts: AlertsContext;
  /** The price desk as the operator sees and steers it (docs/market-data.md); absent in bare test contexts. */
  priceDesk?: DeskContext | undefined;
  /** BACKUP_DIR, the only folder backups are written to (unset: the backup command refuses), and the key that seals
   * them (server/backup/backup-key.ts). */
  backups: { dir: string | undefined; key(): Buffer };
  /** DATABASE_URL when the database is PostgreSQL: backups run pg_dump against it (server/backup/). */
  databaseUrl?: string | undefined;
  /** The message sender of this process (the writer, when a gateway is set): tests run its due rows by hand. */
  delivery?: Sender | undefined;
}
