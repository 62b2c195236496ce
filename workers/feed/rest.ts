// The few REST calls the feed makes itself, with the docs/contract.md §7 headers and envelope.
import { CODE_OK, type KlineBar, type Period } from '../../domain/types.ts';
import type { FetchLike } from './deps.ts';
import { isKlineBar } from './parse.ts';

export class RestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RestContext {
  fetch: FetchLike;
  apiBase: string;
  lang: string;
  token: string | null;
  now: number; // the `t` timestamp GET requests carry (docs/contract.md §7)
}

/** Resolves the envelope's data when code is 1. */
export async function restGet(
  ctx: RestContext,
  path: string,
  params: Record<string, string | number>,
): Promise<unknown> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) q.set(k, String(v));
  q.set('t', String(ctx.now));
  const headers: Record<string, string> = { lang: ctx.lang };
  if (ctx.token) headers.authorization = ctx.token;
  const res = await ctx.fetch(`${ctx.apiBase.replace(/\/+$/, '')}${path}?${q.toString()}`, { headers });
  if (!res.ok) throw new RestError(res.status, `HTTP ${res.status} for ${path}`);
  const body = await res.json();
  if (typeof body !== 'object' || body === null || !('code' in body))
    throw new RestError(0, `no envelope from ${path}`);
  const env = body as { code: unknown; msg?: unknown; data?: unknown };
  if (env.code !== CODE_OK) throw new RestError(Number(env.code) || 0, typeof env.msg === 'string' ? env.msg : 'error');
  return env.data;
}

export interface KlineQuery {
  instrumentId: number;
  period: Period;
  from?: number; // seconds, like KlineBar.Time: a gap refill
  limit?: number; // the newest `limit` bars
}

export async function fetchKlines(ctx: RestContext, q: KlineQuery): Promise<KlineBar[]> {
  const params: Record<string, string | number> = { forex_id: q.instrumentId, period: q.period };
  if (q.from !== undefined) params.from = q.from;
  if (q.limit !== undefined) params.limit = q.limit;
  const data = await restGet(ctx, '/v1/api/forex/kline', params);
  if (!Array.isArray(data)) throw new RestError(0, 'kline data is not a list');
  return data.filter(isKlineBar);
}

/** docs/api.md: {CODE: number[]}; a non-finite point is dropped. */
export async function fetchSparklines(ctx: RestContext): Promise<Record<string, Float32Array>> {
  const data = await restGet(ctx, '/v1/api/forex/abbreviated_cache_kline', {});
  const out: Record<string, Float32Array> = {};
  if (typeof data !== 'object' || data === null) return out;
  for (const [code, v] of Object.entries(data)) {
    if (Array.isArray(v)) out[code] = Float32Array.from(v.filter((x): x is number => Number.isFinite(x)));
  }
  return out;
}
