// How screens and state call the server: apiGet/apiPost and friends over the one axios instance of http.ts, which
// loads on the first call. The envelope rules live in envelope.ts (re-exported here for callers).
import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import type { Envelope } from '../../domain/types.ts';
import { beginLoading, endLoading } from '../state/shell/loading.ts';
import { ApiFailure, type CallOptions } from './envelope.ts';

export {
  CODE_NETWORK,
  apiBase,
  apiClock,
  isExempt,
  socketSessionRejected,
  wsUrl,
  type CallOptions,
} from './envelope.ts';
export { ApiFailure };

/** True for a request the caller cancelled (AbortController): never toasted, usually ignored. */
export function isCancelled(err: unknown): boolean {
  // axios' CanceledError carries the documented code ERR_CANCELED; checked by value so this needs no axios.
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'ERR_CANCELED';
}

/** What a form shows for a failed call made with `{ toast: false }`: the server's translated msg, or the network
 * error's; null for a cancelled request or a failure without a text. */
export function refusalText(err: unknown): string | null {
  if (isCancelled(err)) return null;
  return err instanceof ApiFailure && err.msg ? err.msg : null;
}

let loading: Promise<AxiosInstance> | null = null;

/** The axios instance, loaded on the first call (a lazy chunk: the first screen paints without it). */
export function httpClient(): Promise<AxiosInstance> {
  loading ??= import('./http.ts').then((m) => m.http);
  return loading;
}

/** Any call, resolving the whole envelope (for screens that toast the server's msg on success). */
export async function apiRequest<T>(config: AxiosRequestConfig, opts: CallOptions = {}): Promise<Envelope<T>> {
  if (opts.loading) beginLoading();
  try {
    const http = await httpClient();
    const res = await http.request<Envelope<T>>({ ...config, call: opts });
    return res.data;
  } finally {
    // Always closes: success, failure, network error or cancellation.
    if (opts.loading) endLoading();
  }
}

function cleanParams(params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!params) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) out[k] = v;
  return out;
}

function formBody(body: Record<string, unknown> | FormData | undefined): URLSearchParams | FormData | undefined {
  if (!body || body instanceof FormData) return body;
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v === null) continue;
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- objects took the JSON branch; the rest are primitives
    form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return form;
}

/** GET with query params (+ `t`); resolves `data` when code === 1. */
export async function apiGet<T>(
  path: string,
  params?: Record<string, unknown>,
  opts?: CallOptions,
  signal?: AbortSignal,
): Promise<T> {
  const env = await apiRequest<T>({ method: 'get', url: path, params: cleanParams(params), signal }, opts);
  return env.data;
}

/** POST form-encoded (multipart when given FormData); resolves `data` when code === 1. */
export async function apiPost<T>(
  path: string,
  body?: Record<string, unknown> | FormData,
  opts?: CallOptions,
  signal?: AbortSignal,
): Promise<T> {
  const env = await apiRequest<T>({ method: 'post', url: path, data: formBody(body), signal }, opts);
  return env.data;
}

/** GET resolving the whole envelope (screens that toast the server's msg on success, e.g. reset demo). */
export function apiGetFull<T>(
  path: string,
  params?: Record<string, unknown>,
  opts?: CallOptions,
): Promise<Envelope<T>> {
  return apiRequest<T>({ method: 'get', url: path, params: cleanParams(params) }, opts);
}

/** POST resolving the whole envelope (send code, password change: the server's msg is shown on success). */
export function apiPostFull<T>(
  path: string,
  body?: Record<string, unknown> | FormData,
  opts?: CallOptions,
): Promise<Envelope<T>> {
  return apiRequest<T>({ method: 'post', url: path, data: formBody(body) }, opts);
}
