// Private images are fetched as blobs because an <img> cannot send the ops auth headers.
import { CODE_OK, type Envelope } from '../../domain/types.ts';

export interface OpsParamInfo {
  name: string;
  help: string;
  optional?: boolean;
  /** The page gives it a text area. */
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
}

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

/** `newPassword`: the member's own at the first sign-in. */
export function signIn(login: string, password: string, code: string, newPassword = ''): Promise<LoginStep> {
  const body: Record<string, string> = { login, password };
  if (newPassword) body.new_password = newPassword;
  if (code) body.code = code;
  return call(null, '/api/ops/login', body);
}

export const changePassword = (auth: OpsAuth, password: string, newPassword: string, code: string): Promise<null> =>
  call(auth, '/api/ops/password', { password, new_password: newPassword, code });

export const signOut = (auth: OpsAuth): Promise<null> => call(auth, '/api/ops/logout', {});

export const whoAmI = (auth: OpsAuth): Promise<OpsMe> => call(auth, '/api/ops/me');

export const listCommands = (auth: OpsAuth): Promise<OpsCommandInfo[]> => call(auth, '/api/ops/commands');

export const runCommand = <T = unknown>(auth: OpsAuth, name: string, args: Record<string, string>): Promise<T> =>
  call<T>(auth, `/api/ops/run/${encodeURIComponent(name)}`, args);

/** The caller revokes the object URL. */
export async function imageBlobUrl(auth: OpsAuth, url: string): Promise<string> {
  if (!isImageUrl(url)) throw new OpsError('not an image', 400);
  const res = await fetch(url, { headers: authHeaders(auth), redirect: 'error' });
  if (!res.ok) throw new OpsError(String(res.status), res.status);
  return URL.createObjectURL(await res.blob());
}

/** Exact: fetched with the staff session, a looser match would let a trader's text call another route. */
export const isImageUrl = (v: unknown): v is string =>
  typeof v === 'string' && /^\/api\/common\/image\/[A-Za-z0-9_-]{22}$/.test(v);

export type Row = Record<string, unknown>;

export const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value of a row as text: strings as they are, anything else as JSON. */
export const cellText = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : (JSON.stringify(v) ?? '');

/** RFC 4180: quoted when needed, objects as JSON. */
export function toCsv(rows: readonly Row[]): string {
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown): string => {
    const text = cellText(v);
    // A leading = + - @ would be a spreadsheet formula: prefixed so it stays text.
    const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [cols.join(','), ...rows.map((r) => cols.map((c) => cell(r[c])).join(','))].join('\r\n') + '\r\n';
}
