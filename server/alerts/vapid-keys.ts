// The server's VAPID key pair (RFC 8292), which signs every Web Push request: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY from
// the environment, or a pair generated once into DATA_DIR/vapid.json (mode 0600), so browsers' subscriptions (bound
// to the public key) keep working across restarts. Never logged; only the public key leaves the server.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

export const VAPID_FILE = 'vapid.json';

export interface VapidKeys {
  publicKey: string; // base64url, uncompressed P-256 point
  privateKey: string; // base64url
}

function checked(v: unknown, from: string): VapidKeys {
  const k = v as Partial<VapidKeys> | null;
  if (
    typeof k?.publicKey !== 'string' ||
    typeof k.privateKey !== 'string' ||
    k.publicKey === '' ||
    k.privateKey === ''
  ) {
    throw new Error(`${from}: no VAPID key pair`);
  }
  return { publicKey: k.publicKey, privateKey: k.privateKey };
}

/** The configured pair, else the one in DATA_DIR/vapid.json, else a new one written there. */
export function loadVapidKeys(dataDir: string, configured?: VapidKeys): VapidKeys {
  if (configured) return checked(configured, 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY');
  const path = join(dataDir, VAPID_FILE);
  const read = (): VapidKeys => checked(JSON.parse(readFileSync(path, 'utf8')), path);
  try {
    return read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    writeFileSync(path, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (err) {
    // Another process of this machine created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw err;
  }
}
