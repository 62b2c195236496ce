// The operator token: OPS_TOKEN from the environment, or a random one created once in DATA_DIR/ops-token
// (mode 0600) so `npm run ops` on the same machine finds it without anyone copying it around. Never logged.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const OPS_TOKEN_FILE = 'ops-token';
const MIN_LENGTH = 24; // a token an attacker could guess is no token

export function opsTokenPath(dataDir: string): string {
  return join(dataDir, OPS_TOKEN_FILE);
}

function checked(token: string, from: string): string {
  const t = token.trim();
  if (t.length < MIN_LENGTH) throw new Error(`${from} must be at least ${MIN_LENGTH} characters`);
  return t;
}

/** The configured token, else the one in DATA_DIR/ops-token, else a new one written there. */
export function loadOpsToken(dataDir: string, configured?: string): string {
  if (configured) return checked(configured, 'OPS_TOKEN');
  const path = opsTokenPath(dataDir);
  try {
    return checked(readFileSync(path, 'utf8'), path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  try {
    writeFileSync(path, `${token}\n`, { mode: 0o600, flag: 'wx' });
    return token;
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return checked(readFileSync(path, 'utf8'), path);
    throw err;
  }
}
