// Test helper: answers the app's axios instance from a route table instead of the network (swaps its adapter).
import {
  AxiosError,
  AxiosHeaders,
  CanceledError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { http } from '../../src/api/http.ts';

export interface SeenRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: string;
  headers: Record<string, string>;
}

export type Reply =
  | { envelope: { code: number; msg: string; data: unknown }; status?: number }
  | { raw: unknown }
  | { network: string } // axios error code, e.g. ERR_NETWORK
  | { httpStatus: number; body?: unknown };

export type Handler = (req: SeenRequest) => Reply | Promise<Reply>;

export interface FakeServer {
  seen: SeenRequest[];
  on(method: string, url: string, handler: Handler | Reply): void;
  restore(): void;
}

function response(config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse {
  return { data, status, statusText: String(status), headers: new AxiosHeaders(), config };
}

export function fakeServer(): FakeServer {
  const routes = new Map<string, Handler>();
  const seen: SeenRequest[] = [];
  const previous = http.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    if (config.signal && 'aborted' in config.signal && config.signal.aborted)
      throw new CanceledError(undefined, undefined, config);
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(AxiosHeaders.from(config.headers).toJSON()))
      headers[k.toLowerCase()] = String(v);
    const req: SeenRequest = {
      method,
      url,
      params: { ...(config.params as Record<string, unknown> | undefined) },
      body: config.data === undefined ? '' : String(config.data),
      headers,
    };
    seen.push(req);
    const handler = routes.get(`${method} ${url}`);
    if (!handler) return response(config, 404, { code: 0, msg: `no fake for ${method} ${url}`, data: null });
    const reply = await handler(req);
    if ('network' in reply) throw new AxiosError('Network Error', reply.network, config);
    if ('httpStatus' in reply) {
      const res = response(config, reply.httpStatus, reply.body ?? '<html>bad gateway</html>');
      throw new AxiosError(
        `Request failed with status code ${reply.httpStatus}`,
        'ERR_BAD_RESPONSE',
        config,
        null,
        res,
      );
    }
    if ('raw' in reply) return response(config, 200, reply.raw);
    return response(config, reply.status ?? 200, reply.envelope);
  };
  http.defaults.adapter = adapter;
  return {
    seen,
    on(method, url, handler) {
      routes.set(`${method.toUpperCase()} ${url}`, typeof handler === 'function' ? handler : () => handler);
    },
    restore() {
      http.defaults.adapter = previous;
    },
  };
}

export const ok = (data: unknown, msg = 'success'): Reply => ({ envelope: { code: 1, msg, data } });
export const fail = (code: number, msg: string): Reply => ({ envelope: { code, msg, data: null } });
