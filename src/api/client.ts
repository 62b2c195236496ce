// The app's one HTTP client (docs/contract.md §7–§8); uploads use XMLHttpRequest, as fetch reports no progress.
import { CODE_OK, CODE_SESSION, type Envelope } from '../../domain/types.ts';
import { $lang } from '../i18n/lang-signal.ts';
import { formatDate, translate } from '../i18n/index.ts';
import { $token, sessionReady, sessionVersion, signOut } from '../state/account/session.ts';
import { toast, beginLoading, endLoading } from '../state/shell/toasts.ts';
import { $conn } from '../state/feed/feed-signals.ts';
import { browserTimers, systemClock, type Clock } from '../state/shell/clock.ts';
import { currentPath, loginPath, navigateTo } from '../state/shell/navigator.ts';
import { apiBase } from './api-address.ts';

export interface CallOptions {
  toast?: boolean; // default true
  loading?: boolean;
  initial?: boolean; // a start-up call: 999 clears the session but does not redirect
}

export interface ApiRequest {
  method: 'get' | 'post';
  url: string;
  params?: Record<string, unknown>;
  data?: URLSearchParams | FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Code of an ApiFailure for a transport failure (no envelope came back). */
export const CODE_NETWORK = -1;

export class ApiFailure extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    /** For CODE_NETWORK: the HTTP status or the transport's failure, e.g. "502" or "ERR_NETWORK". */
    readonly transport: string | null = null,
    /** The failure's data: null, or what the server says besides its text (a refused resend's { resend_after }). */
    readonly data: unknown = null,
  ) {
    super(msg || `code ${code}`);
    this.name = 'ApiFailure';
  }
}

/** Mutable so tests can pin the `t` timestamp. */
export const apiClock: { current: Clock } = { current: systemClock };

export interface Outgoing {
  method: 'GET' | 'POST';
  url: string;
  params: Record<string, unknown>;
  body: URLSearchParams | FormData | undefined;
  headers: Record<string, string>;
  signal: AbortSignal;
}

// oxlint-disable-next-line typescript/no-base-to-string -- objects take the JSON branch
const asText = (v: unknown): string => (typeof v === 'object' ? JSON.stringify(v) : String(v));

function address(o: Outgoing): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(o.params)) if (v !== undefined && v !== null) query.append(k, asText(v));
  const path = /^[a-z][a-z\d+.-]*:\/\//i.test(o.url)
    ? o.url
    : `${apiBase().replace(/\/+$/, '')}/${o.url.replace(/^\/+/, '')}`;
  const q = query.toString();
  return q ? `${path}${path.includes('?') ? '&' : '?'}${q}` : path;
}

/** Swappable: tests hand in a fake server here. */
export const transport = {
  send: (o: Outgoing): Promise<Response> =>
    globalThis.fetch(address(o), { method: o.method, body: o.body, headers: o.headers, signal: o.signal }),
  upload: (o: Outgoing, onProgress: (share: number) => void): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.upload.onprogress = (e) => void (e.lengthComputable && onProgress(Math.min(1, e.loaded / e.total)));
      const type = (): string => xhr.getResponseHeader('content-type') ?? '';
      xhr.onload = () =>
        resolve(new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': type() } }));
      xhr.onerror = () => reject(new TypeError('network'));
      xhr.onabort = () => reject(new DOMException('cancelled', 'AbortError'));
      o.signal.addEventListener('abort', () => xhr.abort());
      xhr.open(o.method, address(o));
      for (const [k, v] of Object.entries(o.headers)) xhr.setRequestHeader(k, v);
      xhr.send(o.body ?? null);
    }),
};

const TIMEOUT_MS = 30_000;

/** True for a request the caller cancelled (AbortController): never toasted, usually ignored. */
export function isCancelled(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
}

/** A failed `{ toast: false }` call's text for a form: null when cancelled or without a text. */
export function refusalText(err: unknown): string | null {
  if (isCancelled(err)) return null;
  return err instanceof ApiFailure && err.msg ? err.msg : null;
}

function isEnvelope(v: unknown): v is Envelope<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';
}

interface CallSession {
  version: number;
  token: string;
}

function sessionGone(env: Envelope<unknown>, call: CallOptions, made: CallSession): void {
  // A call of a session already left: its "expired" toast or redirect would undo where that sign-out led.
  if (made.version !== sessionVersion() || (made.token !== '' && made.token !== $token.peek())) return;
  const here = currentPath();
  if (made.token === '') {
    // A call without a session (after a start-up check found it ended): nothing expired, the screen needs a sign-in.
    if (!call.initial && !here.startsWith('/login')) navigateTo(loginPath(here), { replace: true });
    return;
  }
  signOut();
  // When a 999 says its session was ended from another device (docs/security.md "Sessions and devices").
  const at = (env.data as { signed_out_at?: unknown } | null)?.signed_out_at;
  // Said even at start-up so the trader knows it was not the app; a plain start-up expiry stays silent.
  if (typeof at === 'number') toast(translate('errors.signed_out_elsewhere_at', { time: formatDate(at) }));
  if (call.initial) return; // a start-up check with an old token: stay where we are, signed out
  if (typeof at !== 'number' && call.toast !== false && env.msg) toast(env.msg);
  if (!here.startsWith('/login')) navigateTo(loginPath(here), { replace: true });
}

/** The live socket ended this session: handled as a REST 999 while there is a session to end. */
export function socketSessionRejected(msg: string, at?: number): void {
  const token = $token.peek();
  if (!token) return;
  const data = at === undefined ? null : { signed_out_at: at };
  sessionGone({ code: CODE_SESSION, msg, data }, {}, { version: sessionVersion(), token });
}

function accept<T>(body: unknown, call: CallOptions, made: CallSession): Envelope<T> {
  if (!isEnvelope(body)) return transportFailure('BAD_RESPONSE', call, false, translate('errors.internal'));
  if (body.code === CODE_OK) return body as Envelope<T>;
  if (body.code === CODE_SESSION) sessionGone(body, call, made);
  else if (call.toast !== false && body.msg) toast(body.msg);
  throw new ApiFailure(body.code, body.msg, null, body.data);
}

/** A read that failed for want of a network while offline is not toasted: the offline banner already says so. */
function transportFailure(code: string, call: CallOptions, quietOffline: boolean, text?: string): never {
  const msg = text ?? translate('common.network_error', { code });
  const offline = $conn.peek() === 'offline' || (typeof navigator !== 'undefined' && navigator.onLine === false);
  if (call.toast !== false && !(quietOffline && offline)) toast(msg);
  throw new ApiFailure(CODE_NETWORK, msg, code);
}

async function send(
  req: ApiRequest,
  call: CallOptions,
  onProgress?: (share: number) => void,
): Promise<{ res: Response; made: CallSession }> {
  const version = sessionVersion(); // before the wait for the stored session: a restore keeps it
  const abort = new AbortController();
  const cancel = (): void => abort.abort();
  if (req.signal?.aborted) cancel();
  req.signal?.addEventListener('abort', cancel);
  let timedOut = false;
  const timer = browserTimers.setTimeout(() => ((timedOut = true), abort.abort()), TIMEOUT_MS);
  try {
    await sessionReady();
    const params: Record<string, unknown> = { ...req.params };
    if (req.method === 'get') params.t = apiClock.current.now();
    // A call may name its token itself (logout sends the one being signed out after it is cleared locally).
    const headers = { lang: $lang.peek(), authorization: $token.peek() ?? '', ...req.headers };
    const o: Outgoing = {
      method: req.method === 'get' ? 'GET' : 'POST',
      url: req.url,
      params,
      body: req.data,
      headers,
      signal: abort.signal,
    };
    return {
      res: await (onProgress ? transport.upload(o, onProgress) : transport.send(o)),
      made: { version, token: headers.authorization },
    };
  } catch (err) {
    if (isCancelled(err) && !timedOut) throw err;
    return transportFailure(timedOut ? 'ECONNABORTED' : 'ERR_NETWORK', call, req.method === 'get');
  } finally {
    browserTimers.clearTimeout(timer);
    req.signal?.removeEventListener('abort', cancel);
  }
}

/** The body is JSON or null (a proxy's HTML error page); our server answers some failures with an HTTP error status
 * but still an envelope (404, 999 …). */
async function answer<T>(res: Response, call: CallOptions, made: CallSession): Promise<Envelope<T>> {
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok && !isEnvelope(body)) transportFailure(String(res.status), call, false);
  return accept<T>(body, call, made);
}

export async function apiRequest<T>(
  req: ApiRequest,
  opts: CallOptions = {},
  onProgress?: (share: number) => void,
): Promise<Envelope<T>> {
  if (opts.loading) beginLoading();
  try {
    const { res, made } = await send(req, opts, onProgress);
    return await answer<T>(res, opts, made);
  } finally {
    if (opts.loading) endLoading(); // always closes: success, failure, network error or cancellation
  }
}

export async function apiBlob(
  url: string,
  params?: Record<string, unknown>,
  opts: CallOptions = {},
  signal?: AbortSignal,
): Promise<Blob> {
  const { res, made } = await send({ method: 'get', url, params, signal }, opts);
  const type = res.headers.get('content-type') ?? '';
  if (res.ok && (type.startsWith('image/') || type.startsWith('text/csv'))) return res.blob();
  await answer(res, opts, made);
  return transportFailure('BAD_RESPONSE', opts, false, translate('errors.internal'));
}

function formBody(body: Record<string, unknown> | FormData | undefined): URLSearchParams | FormData | undefined {
  if (!body || body instanceof FormData) return body;
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) form.append(k, asText(v));
  return form;
}

export function apiGetFull<T>(
  path: string,
  params?: Record<string, unknown>,
  opts?: CallOptions,
  signal?: AbortSignal,
): Promise<Envelope<T>> {
  return apiRequest<T>({ method: 'get', url: path, params, signal }, opts);
}

export function apiPostFull<T>(
  path: string,
  body?: Record<string, unknown> | FormData,
  opts?: CallOptions,
  signal?: AbortSignal,
): Promise<Envelope<T>> {
  return apiRequest<T>({ method: 'post', url: path, data: formBody(body), signal }, opts);
}

/** The envelope's data alone. */
export const apiGet = async <T>(...call: Parameters<typeof apiGetFull>): Promise<T> =>
  (await apiGetFull<T>(...call)).data;
export const apiPost = async <T>(...call: Parameters<typeof apiPostFull>): Promise<T> =>
  (await apiPostFull<T>(...call)).data;
