// docs/market-data-fix.md; the variables are in the README's configuration table.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reconnectEnv, type ReconnectOptions } from '../reconnecting-source.ts';

/** `connectMs`: from the first SYN to the LP's Logon reply. */
export interface FixSettings extends ReconnectOptions {
  host: string;
  port: number;
  /** SenderCompID(49), as the LP configured us. */
  senderCompId: string;
  targetCompId: string;
  /** Username(553), when the LP asks for one. */
  username?: string;
  password: string;
  /** HeartBtInt(108), seconds. */
  heartbeatSecs: number;
  /** QuickFIX-compatible files; in a cluster the standby writer must see the same directory. */
  storeDir: string;
  /** ResetSeqNumFlag(141)=Y on every logon, as many LPs ask on market-data sessions. */
  resetOnLogon: boolean;
  /** TLS to the LP, its certificate checked; PEM text, read from the files the variables name. */
  tls?: FixTls;
}

export interface FixTls {
  /** The LP's certificate authority; the system's when absent. */
  ca?: string;
  /** Our client certificate and its key, for an LP that asks for one. */
  cert?: string;
  key?: string;
}

type Env = Record<string, string | undefined>;

/** null when FIX_HOST is unset; throws on a missing required one. */
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
    resetOnLogon: switchOn('FIX_RESET_ON_LOGON', env.FIX_RESET_ON_LOGON),
    // The connect deadline's default is QuickFIX's LogonTimeout.
    ...reconnectEnv(env, 'FIX'),
  };
  if (env.FIX_USERNAME) settings.username = env.FIX_USERNAME;
  const tls = tlsFromEnv(env);
  if (tls) settings.tls = tls;
  if (!Number.isInteger(settings.port) || settings.port <= 0) throw new Error('FIX_PORT must be a TCP port');
  if (!(settings.connectMs > 0)) throw new Error('FIX_CONNECT_TIMEOUT_MS must be a positive number of ms');
  return settings;
}

/** A misspelt switch is refused: FIX_TLS=yes read as off would send the password in clear. */
function switchOn(name: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new Error(`${name} must be 1 or 0, got "${raw}"`);
}

const PEM_FILES = { ca: 'FIX_TLS_CA', cert: 'FIX_TLS_CERT', key: 'FIX_TLS_KEY' } as const;

/** FIX_TLS=1, or any of the files, turns TLS on; a certificate needs its key. */
function tlsFromEnv(env: Env): FixTls | undefined {
  const named = Object.values(PEM_FILES).some((name) => env[name]);
  if (!named && !switchOn('FIX_TLS', env.FIX_TLS)) return undefined;
  const tls: FixTls = {};
  for (const [part, name] of Object.entries(PEM_FILES) as Array<[keyof FixTls, string]>) {
    const file = env[name];
    if (!file) continue;
    try {
      tls[part] = readFileSync(file, 'utf8');
    } catch {
      throw new Error(`${name}: cannot read ${file}`);
    }
  }
  if (Boolean(tls.cert) !== Boolean(tls.key)) throw new Error('FIX_TLS_CERT and FIX_TLS_KEY go together');
  return tls;
}
