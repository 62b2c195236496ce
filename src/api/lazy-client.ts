// apiGet/apiPost for the few calls the first screen's own modules make (the trade list, the watchlist, the base
// settings): the HTTP client (client.ts with its envelope rules, then axios in http.ts) is a lazy chunk fetched on the
// first of them, which start-up makes after the first screen has drawn (src/app/start.ts startDeferred), so neither is
// first-screen bytes (bench/README.md "Start-up"). Same signatures as client.ts.
import type { CallOptions } from './envelope.ts';

const client = (): Promise<typeof import('./client.ts')> => import('./client.ts');

export async function apiGet<T>(
  path: string,
  params?: Record<string, unknown>,
  opts?: CallOptions,
  signal?: AbortSignal,
): Promise<T> {
  return (await client()).apiGet<T>(path, params, opts, signal);
}

export async function apiPost<T>(
  path: string,
  body?: Record<string, unknown> | FormData,
  opts?: CallOptions,
  signal?: AbortSignal,
): Promise<T> {
  return (await client()).apiPost<T>(path, body, opts, signal);
}
