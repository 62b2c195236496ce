// The one axios instance (docs/contract.md §7–§8): base address, `lang` + `authorization` headers, `t` on GET/DELETE, the
// {code,msg,data} envelope, msg toasts, 999 → sign out → /login, network-error toasts (none for a read while offline).
// Loaded on the first call (client.ts imports it lazily): axios is ~15 KB gzip the first screen does not need.
import axios, { type AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import { CODE_OK } from '../../domain/types.ts';
import { $lang } from '../i18n/lang-signal.ts';
import { translate } from '../i18n/index.ts';
import { $token, sessionReady } from '../state/account/session.ts';
import { toast } from '../state/shell/toasts.ts';
import { $conn } from '../state/feed/feed-signals.ts';
import {
  ApiFailure,
  CODE_NETWORK,
  apiBase,
  apiClock,
  isEnvelope,
  isExempt,
  rejectEnvelope,
  type CallOptions,
} from './envelope.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    call?: CallOptions;
  }
}

function transportCode(err: AxiosError): string {
  if (err.response) return String(err.response.status);
  return err.code ?? 'ERR_NETWORK';
}

/**
 * A read that failed for want of a network while the app knows it is offline: the offline banner already says so and
 * the screen shows its last-known state, so a toast per screen opened would only cover it. An action the user took
 * (any other method) is still answered with a toast.
 */
function offlineRead(err: AxiosError): boolean {
  const offline = $conn.peek() === 'offline' || (typeof navigator !== 'undefined' && navigator.onLine === false);
  return offline && !err.response && (err.config?.method ?? 'get').toLowerCase() === 'get';
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
      // A private image or a CSV statement (responseType 'blob'): the bytes when it is one, else the envelope inside.
      const blob: unknown = response.data;
      if (blob instanceof Blob) {
        if (blob.type.startsWith('image/') || blob.type.startsWith('text/csv')) return response;
        response.data = JSON.parse(await blob.text()) as unknown;
      }
      const env: unknown = response.data;
      if (!isEnvelope(env)) {
        const msg = translate('errors.internal');
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
      const msg = translate('common.network_error', { code });
      if (call.toast !== false && !offlineRead(error)) toast(msg);
      throw new ApiFailure(CODE_NETWORK, msg, code);
    },
  );
  return http;
}

/** The one axios instance, loaded by client.ts' httpClient(); tests swap `http.defaults.adapter`. */
export const http: AxiosInstance = createClient();
