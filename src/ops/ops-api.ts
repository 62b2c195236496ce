// The back office's calls: the ops API with the operator token, and private images fetched as blobs (an <img>
// cannot send the token header).
import { CODE_OK, type Envelope } from '../../domain/types.ts';

export interface OpsParamInfo {
  name: string;
  help: string;
  optional?: boolean;
}

export interface OpsCommandInfo {
  name: string;
  summary: string;
  params: readonly OpsParamInfo[];
  /** Read-only: the page may re-run it every second. */
  live?: boolean;
}

export class OpsError extends Error {}

export const TOKEN_KEY = 'tw:ops-token';

async function call<T>(token: string, path: string, body?: Record<string, string>): Promise<T> {
  const headers: Record<string, string> = { 'x-ops-token': token, lang: 'en' };
  const init: RequestInit =
    body === undefined
      ? { headers }
      : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await fetch(path, init);
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== CODE_OK) throw new OpsError(env.msg);
  return env.data;
}

export const listCommands = (token: string): Promise<OpsCommandInfo[]> => call(token, '/api/ops/commands');

export const runCommand = (token: string, name: string, args: Record<string, string>): Promise<unknown> =>
  call(token, `/api/ops/run/${encodeURIComponent(name)}`, args);

/** A private upload as an object URL the caller revokes. */
export async function imageBlobUrl(token: string, url: string): Promise<string> {
  const res = await fetch(url, { headers: { 'x-ops-token': token } });
  if (!res.ok) throw new OpsError(String(res.status));
  return URL.createObjectURL(await res.blob());
}

/** Values that are private images: shown as thumbnails in results. */
export const isImageUrl = (v: unknown): v is string => typeof v === 'string' && v.startsWith('/api/common/image/');
