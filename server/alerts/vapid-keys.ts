// The VAPID key pair, kept across restarts because browsers' subscriptions are bound to the public key; never logged.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

const VAPID_FILE = 'vapid.json';

export interface VapidKeys {
  publicKey: string; // base64url, uncompressed P-256 point
  privateKey: string; // base64url
}

function checked(v: unknown, from: string): VapidKeys {
  const k = v as Partial<VapidKeys> | null;
  if (!k?.publicKey || !k.privateKey || typeof k.publicKey !== 'string' || typeof k.privateKey !== 'string')
    throw new Error(`${from}: no VAPID key pair`);
  return { publicKey: k.publicKey, privateKey: k.privateKey };
}

/** A new pair is written to DATA_DIR/vapid.json (0600). */
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
