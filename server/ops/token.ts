// Whoever can read DATA_DIR/ops-bootstrap can read the database too (docs/back-office.md "The first administrator").
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const OPS_BOOTSTRAP_FILE = 'ops-bootstrap';
const MIN_LENGTH = 24; // a token an attacker could guess is no token

export function opsBootstrapPath(dataDir: string): string {
  return join(dataDir, OPS_BOOTSTRAP_FILE);
}

export function loadOpsToken(configured?: string): string | null {
  if (configured === undefined || configured === '') return null;
  const t = configured.trim();
  if (t.length < MIN_LENGTH) throw new Error(`OPS_TOKEN must be at least ${MIN_LENGTH} characters`);
  return t;
}

export function prepareBootstrap(dataDir: string, needed: boolean): { token: string; path: string } | null {
  const path = opsBootstrapPath(dataDir);
  if (!needed) {
    rmSync(path, { force: true });
    return null;
  }
  try {
    const t = readFileSync(path, 'utf8').trim();
    if (t.length >= MIN_LENGTH) return { token: t, path };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  writeFileSync(path, `${token}\n`, { mode: 0o600 });
  return { token, path };
}
