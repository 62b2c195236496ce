// The one axios instance (SPEC §7–§8): base address, `lang` + `authorization` headers, `t` on GET/DELETE, the
// {code,msg,data} envelope, msg toasts, 999 → sign out → /login, network-error toasts, the blocking loading counter.
import axios, { type AxiosError, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { CODE_OK, CODE_SESSION, type Envelope } from '../domain/types.ts';
import { $lang } from '../i18n/lang-signal.ts';
import { i18n } from '../i18n/index.ts';
import { $token, sessionReady, signOut } from '../state/session.ts';
import { toast } from '../state/toasts.ts';
import { beginLoading, endLoading } from '../state/loading.ts';
import { systemClock, type Clock } from '../state/clock.ts';
import { currentPath, loginPath, navigateTo } from '../state/navigator.ts';
import { resolveApiBase, wsUrlFor } from './base-url.ts';

export interface CallOptions {
  toast?: boolean; // default true: show msg on failure
  loading?: boolean; // blocking spinner while the call runs
  initial?: boolean; // a start-up call: 999 clears the session but does not redirect
}

declare module 'axios' {
  interface AxiosRequestConfig {
    call?: CallOptions;
  }
}

/** Code of an ApiFailure for a transport failure (no envelope came back). */
export const CODE_NETWORK = -1;

export class ApiFailure extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    /** For CODE_NETWORK: the HTTP status or axios error code, e.g. "502" or "ERR_NETWORK". */
    readonly transport: string | null = null,
  ) {
    super(msg || `code ${code}`);
    this.name = 'ApiFailure';
  }
}

/** Where the `t` timestamp comes from (tests pin it). */
export const apiClock: { current: Clock } = { current: systemClock };

export function apiBase(): string {
  return resolveApiBase(
    {
      protocol: window.location.protocol,
      hostname: window.location.hostname,
      port: window.location.port,
      title: document.title,
    },
    { apiSubdomain: import.meta.env.VITE_API_SUBDOMAIN, fallback: import.meta.env.VITE_API_FALLBACK },
  );
}

export function wsUrl(): string {
  return wsUrlFor(apiBase());
}

/** manifest.json is fetched from the page's own origin and is not an envelope: no error handling (SPEC §7). */
export function isExempt(url: string | undefined): boolean {
  return !!url && /(^|\/)manifest\.json(\?|$)/.test(url);
}

function isEnvelope(v: unknown): v is Envelope<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';
}

function sessionGone(env: Envelope<unknown>, call: CallOptions): void {
  signOut();
  if (call.initial) return; // a start-up check with an old token: stay where we are, signed out
  const here = currentPath();
  if (call.toast !== false && env.msg) toast(env.msg);
  if (!here.startsWith('/login')) navigateTo(loginPath(here), { replace: true });
}

/**
 * The live socket says this session is over (refused login, or revoked by a logout or password change elsewhere):
 * the same as a REST 999, while there is a session to end.
 */
export function socketSessionRejected(msg: string): void {
  if (!$token.peek()) return;
  sessionGone({ code: CODE_SESSION, msg, data: null }, {});
}

function rejectEnvelope(env: Envelope<unknown>, call: CallOptions): never {
  if (env.code === CODE_SESSION) sessionGone(env, call);
  else if (call.toast !== false && env.msg) toast(env.msg);
  throw new ApiFailure(env.code, env.msg);
}

function transportCode(err: AxiosError): string {
  if (err.response) return String(err.response.status);
  return err.code ?? 'ERR_NETWORK';
}

function createClient(): AxiosInstance {
  const http = axios.create({ timeout: 30_000 });

  http.interceptors.request.use(async (config) => {
    if (isExempt(config.url)) return config;
    await sessionReady(); // the first calls at start-up wait for the stored token
    config.baseURL ??= apiBase();
    config.headers.set('lang', $lang.peek());
    // A call may name its token itself (logout sends the one being signed out after it is cleared locally).
    if (!config.headers.has('authorization')) config.headers.set('authorization', $token.peek() ?? '');
    const method = (config.method ?? 'get').toLowerCase();
    if (method === 'get' || method === 'delete') {
      config.params = { ...(config.params as Record<string, unknown> | undefined), t: apiClock.current.now() };
    }
    return config;
  });

  http.interceptors.response.use(
    async (response: AxiosResponse) => {
      if (isExempt(response.config.url)) return response;
      // A private image (responseType 'blob'): the bytes when it is one, else the envelope inside the blob.
      const blob: unknown = response.data;
      if (blob instanceof Blob) {
        if (blob.type.startsWith('image/')) return response;
        response.data = JSON.parse(await blob.text()) as unknown;
      }
      const env: unknown = response.data;
      if (!isEnvelope(env)) {
        const msg = i18n.t('errors.internal');
        if (response.config.call?.toast !== false) toast(msg);
        throw new ApiFailure(CODE_NETWORK, msg, 'BAD_RESPONSE');
      }
      if (env.code !== CODE_OK) rejectEnvelope(env, response.config.call ?? {});
      return response;
    },
    (error: unknown) => {
      if (axios.isCancel(error)) throw error; // the caller cancelled: nothing to tell the user
      if (error instanceof ApiFailure || !axios.isAxiosError(error)) throw error;
      const call = error.config?.call ?? {};
      if (isExempt(error.config?.url)) throw error;
      // Our server answers some failures with an HTTP error status but still an envelope (404, 999 …).
      const body: unknown = error.response?.data;
      if (isEnvelope(body)) rejectEnvelope(body, call);
      const code = transportCode(error);
      const msg = i18n.t('common.network_error', { code });
      if (call.toast !== false) toast(msg);
      throw new ApiFailure(CODE_NETWORK, msg, code);
    },
  );
  return http;
}

/** The one axios instance. Endpoint modules call apiGet/apiPost; tests swap `http.defaults.adapter`. */
export const http: AxiosInstance = createClient();

/** True for a request the caller cancelled (AbortController): never toasted, usually ignored. */
export function isCancelled(err: unknown): boolean {
  return axios.isCancel(err);
}

/** Any call, resolving the whole envelope (for screens that toast the server's msg on success). */
export async function apiRequest<T>(config: AxiosRequestConfig, opts: CallOptions = {}): Promise<Envelope<T>> {
  if (opts.loading) beginLoading();
  try {
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
export function apiGetFull<T>(path: string, params?: Record<string, unknown>, opts?: CallOptions): Promise<Envelope<T>> {
  return apiRequest<T>({ method: 'get', url: path, params: cleanParams(params) }, opts);
}

/** POST resolving the whole envelope (send code, password change: the server's msg is shown on success). */
export function apiPostFull<T>(path: string, body?: Record<string, unknown> | FormData, opts?: CallOptions): Promise<Envelope<T>> {
  return apiRequest<T>({ method: 'post', url: path, data: formBody(body) }, opts);
}
