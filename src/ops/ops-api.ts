// The back office's calls: the ops API as the signed-in member (x-ops-session) or with the break-glass token
// (x-ops-token), and private images fetched as blobs (an <img> cannot send those headers).
import { CODE_OK, type Envelope } from '../../domain/types.ts';

export interface OpsParamInfo {
  name: string;
  help: string;
  optional?: boolean;
  /** Set for a long text (a news body): the page gives it a text area. */
  maxLength?: number;
}

export interface OpsCommandInfo {
  name: string;
  summary: string;
  params: readonly OpsParamInfo[];
  /** Read-only: the page may re-run it every second. */
  live?: boolean;
}

export interface OpsMe {
  login: string;
  name: string;
  role: string;
  rights: string[];
  idle_minutes: number;
}

/** How this tab speaks to the server: a staff session, or the break-glass token. */
export interface OpsAuth {
  kind: 'session' | 'token';
  secret: string;
}

export class OpsError extends Error {
  constructor(
    message: string,
    readonly status = 200,
  ) {
    super(message);
  }
}

export const AUTH_KEY = 'tw:ops-auth';

const authHeaders = (auth: OpsAuth | null): Record<string, string> =>
  !auth ? {} : auth.kind === 'session' ? { 'x-ops-session': auth.secret } : { 'x-ops-token': auth.secret };

async function call<T>(auth: OpsAuth | null, path: string, body?: Record<string, string>): Promise<T> {
  const headers: Record<string, string> = { ...authHeaders(auth), lang: 'en' };
  const init: RequestInit =
    body === undefined
      ? { headers }
      : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await fetch(path, init);
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== CODE_OK) throw new OpsError(env.msg, res.status);
  return env.data;
}

export type LoginStep =
  | { step: 'password' }
  | { step: 'code' }
  | { step: 'setup'; secret: string; uri: string }
  | { step: 'done'; token: string; login: string; name: string; role: string };

/** One sign-in step: the password, the member's own new one at the first sign-in, the code when asked. */
export function signIn(login: string, password: string, code: string, newPassword = ''): Promise<LoginStep> {
  const body: Record<string, string> = { login, password };
  if (newPassword) body.new_password = newPassword;
  if (code) body.code = code;
  return call(null, '/api/ops/login', body);
}

/** The signed-in member's own password change (their current one and a code of their authenticator). */
export const changePassword = (auth: OpsAuth, password: string, newPassword: string, code: string): Promise<null> =>
  call(auth, '/api/ops/password', { password, new_password: newPassword, code });

export const signOut = (auth: OpsAuth): Promise<null> => call(auth, '/api/ops/logout', {});

export const whoAmI = (auth: OpsAuth): Promise<OpsMe> => call(auth, '/api/ops/me');

export const listCommands = (auth: OpsAuth): Promise<OpsCommandInfo[]> => call(auth, '/api/ops/commands');

export const runCommand = <T = unknown>(auth: OpsAuth, name: string, args: Record<string, string>): Promise<T> =>
  call<T>(auth, `/api/ops/run/${encodeURIComponent(name)}`, args);

/** A private upload as an object URL the caller revokes. */
export async function imageBlobUrl(auth: OpsAuth, url: string): Promise<string> {
  if (!isImageUrl(url)) throw new OpsError('not an image', 400);
  const res = await fetch(url, { headers: authHeaders(auth), redirect: 'error' });
  if (!res.ok) throw new OpsError(String(res.status), res.status);
  return URL.createObjectURL(await res.blob());
}

/**
 * Values that are private images, shown as thumbnails in results: exactly the image route and an upload's id. The
 * page fetches them with the staff session, so anything looser would let a trader's text (a withdrawal memo of
 * `/api/common/image/../../api/ops/commands`) make a member's browser call another route as them.
 */
export const isImageUrl = (v: unknown): v is string =>
  typeof v === 'string' && /^\/api\/common\/image\/[A-Za-z0-9_-]{22}$/.test(v);

/** Rows as CSV (RFC 4180: quoted when needed, objects as JSON), for the audit export. */
export function toCsv(rows: ReadonlyArray<Record<string, unknown>>): string {
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown): string => {
    const text = v === null || v === undefined ? '' : typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
    // A leading = + - @ would be a formula in a spreadsheet: prefixed so it stays text.
    const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [cols.join(','), ...rows.map((r) => cols.map((c) => cell(r[c])).join(','))].join('\r\n') + '\r\n';
}
