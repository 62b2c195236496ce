// The FIX source's settings (README's configuration table, docs/market-data-fix.md): where the LP listens, who we are
// to it, and how the session keeps its sequence numbers.
import { join } from 'node:path';
import type { BackoffOptions } from '../../../../domain/backoff.ts';

export interface FixSettings {
  host: string;
  port: number;
  /** SenderCompID(49): who we are, as the LP configured us. */
  senderCompId: string;
  /** TargetCompID(56): the LP's CompID. */
  targetCompId: string;
  /** Username(553), when the LP asks for one. */
  username?: string;
  /** Password(554). */
  password: string;
  /** HeartBtInt(108), seconds. */
  heartbeatSecs: number;
  /**
   * Where sequence numbers (and sent messages for resends) are kept, QuickFIX-compatible files: they survive
   * reconnects and restarts. In a cluster the standby writer must see the same directory (shared storage).
   */
  storeDir: string;
  /** ResetSeqNumFlag(141)=Y on every logon (what many LPs ask for on market-data sessions); off keeps sequences. */
  resetOnLogon: boolean;
  /** Reconnect back-off. */
  backoff: BackoffOptions;
}

type Env = Record<string, string | undefined>;

/** FIX_* variables; null when FIX_HOST is unset (the source is not configured). Throws on a missing required one. */
export function fixSettingsFromEnv(env: Env): FixSettings | null {
  if (!env.FIX_HOST) return null;
  const need = (name: string): string => {
    const v = env[name];
    if (!v) throw new Error(`${name} is required when FIX_HOST is set`);
    return v;
  };
  const settings: FixSettings = {
    host: env.FIX_HOST,
    port: Number(need('FIX_PORT')),
    senderCompId: need('FIX_SENDER_COMP_ID'),
    targetCompId: need('FIX_TARGET_COMP_ID'),
    password: env.FIX_PASSWORD ?? '',
    heartbeatSecs: Number(env.FIX_HEARTBEAT_SECS ?? 30),
    storeDir: env.FIX_STORE_DIR ?? join(env.DATA_DIR ?? './data', 'fix'),
    resetOnLogon: env.FIX_RESET_ON_LOGON === '1' || env.FIX_RESET_ON_LOGON === 'true',
    backoff: { baseMs: Number(env.FIX_RECONNECT_MS ?? 1000), maxMs: Number(env.FIX_RECONNECT_MAX_MS ?? 30_000) },
  };
  if (env.FIX_USERNAME) settings.username = env.FIX_USERNAME;
  if (!Number.isInteger(settings.port) || settings.port <= 0) throw new Error('FIX_PORT must be a TCP port');
  return settings;
}
