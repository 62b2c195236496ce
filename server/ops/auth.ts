// The operators' tokens; past the budget even the right one answers 429, so the answer is no oracle
// (docs/back-office.md "Break-glass").
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { tooManyRequests } from '../http/envelope.ts';
import { RATE_WINDOW_MS } from '../security/limits.ts';
import type { OpsActor } from '../staff/rights.ts';
import { STAFF_SESSION_HEADER, staffFromSession } from '../staff/staff-auth.ts';
import { sameSecret } from '../auth/tokens.ts';

export const OPS_TOKEN_HEADER = 'x-ops-token';

type OpsCtx = Pick<AppContext, 'opsToken' | 'limits' | 'failureWindows' | 'db' | 'clock' | 'staffIdleMs'>;

export const BREAK_GLASS = 'break-glass';

export const breakGlass = (address: string): OpsActor => ({
  kind: 'break-glass',
  staffId: 0,
  name: BREAK_GLASS,
  login: BREAK_GLASS,
  role: 'break-glass',
  address,
});

/** Null means the caller answers 401; a token from an address that spent its budget throws 429. */
export async function opsActor(ctx: OpsCtx, request: FastifyRequest): Promise<OpsActor | null> {
  const session = request.headers[STAFF_SESSION_HEADER];
  if (typeof session === 'string' && session !== '') return staffFromSession(ctx, session, request.ip);
  const given = request.headers[OPS_TOKEN_HEADER];
  if (typeof given !== 'string' || given === '') return null;
  const windows = ctx.failureWindows;
  const key = `ops|${request.ip}`;
  const spent = await windows.peek(key, RATE_WINDOW_MS);
  if (spent && spent.count >= ctx.limits.failures('ops_address')) throw tooManyRequests(spent.ttlMs);
  const expected = ctx.opsToken ?? '';
  if (expected !== '' && sameSecret(given, expected)) return breakGlass(request.ip);
  await windows.hit(key, RATE_WINDOW_MS);
  return null;
}

/** Whoever can read DATA_DIR/ops-bootstrap can read the database too (docs/back-office.md "The first administrator"). */
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
