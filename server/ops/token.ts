// The break-glass token (docs/back-office.md "Break-glass"): OPS_TOKEN from the environment, off when unset. There
// is no generated token any more: every back-office action is a named person's, and the shared token is an explicit
// emergency setting whose every use the audit log records as "break-glass". Never logged.
// Also the shell's one-time credential for the first administrator (docs/back-office.md "The first administrator"):
// while no active admin exists, DATA_DIR/ops-bootstrap (mode 0600) holds a random token that `npm run ops --
// staff-create --role admin` reads; whoever can read DATA_DIR can read the database too.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const OPS_BOOTSTRAP_FILE = 'ops-bootstrap';
const MIN_LENGTH = 24; // a token an attacker could guess is no token

export function opsBootstrapPath(dataDir: string): string {
  return join(dataDir, OPS_BOOTSTRAP_FILE);
}

/** The configured break-glass token, or null when it is off. */
export function loadOpsToken(configured?: string): string | null {
  if (configured === undefined || configured === '') return null;
  const t = configured.trim();
  if (t.length < MIN_LENGTH) throw new Error(`OPS_TOKEN must be at least ${MIN_LENGTH} characters`);
  return t;
}

/** Writes (or reuses) the shell's bootstrap token while no active admin exists; removes it once one does. */
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
