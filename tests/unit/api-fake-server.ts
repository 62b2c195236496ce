// Test helper: answers the app's HTTP client from a route table instead of the network (swaps its transport).
import { transport, type Outgoing } from '../../src/api/client.ts';

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
  | { network: string } // the request never got an answer (offline, connection refused)
  | { httpStatus: number; body?: unknown };

export type Handler = (req: SeenRequest) => Reply | Promise<Reply>;

export interface FakeServer {
  seen: SeenRequest[];
  on(method: string, url: string, handler: Handler | Reply): void;
  restore(): void;
}

const json = (data: unknown, status = 200): Response =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

function answer(reply: Reply): Response {
  if ('network' in reply) throw new TypeError(`Failed to fetch (${reply.network})`);
  if ('httpStatus' in reply) {
    const body = reply.body ?? '<html>bad gateway</html>';
    return typeof body === 'string' ? new Response(body, { status: reply.httpStatus }) : json(body, reply.httpStatus);
  }
  if ('raw' in reply)
    return reply.raw instanceof Blob
      ? new Response(reply.raw, { headers: { 'content-type': reply.raw.type } })
      : json(reply.raw);
  return json(reply.envelope, reply.status ?? 200);
}

export function fakeServer(): FakeServer {
  const routes = new Map<string, Handler>();
  const seen: SeenRequest[] = [];
  const previous = { ...transport };
  const send = async (o: Outgoing): Promise<Response> => {
    if (o.signal.aborted) throw new DOMException('cancelled', 'AbortError');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(o.headers)) headers[k.toLowerCase()] = v;
    const body = o.body === undefined ? '' : o.body instanceof FormData ? '[form]' : o.body.toString();
    const req: SeenRequest = { method: o.method, url: o.url, params: { ...o.params }, body, headers };
    seen.push(req);
    const handler = routes.get(`${o.method} ${o.url}`);
    if (!handler) return json({ code: 0, msg: `no fake for ${o.method} ${o.url}`, data: null }, 404);
    // As fetch does, a request whose signal ends while it waits for its answer rejects at once.
    const cancelled = new Promise<never>((_, reject) =>
      o.signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError'))),
    );
    return answer(await Promise.race([handler(req), cancelled]));
  };
  transport.send = send;
  transport.upload = (o, onProgress) => send(o).then((res) => (onProgress(1), res));
  return {
    seen,
    on(method, url, handler) {
      routes.set(`${method.toUpperCase()} ${url}`, typeof handler === 'function' ? handler : () => handler);
    },
    restore() {
      Object.assign(transport, previous);
    },
  };
}

export const ok = (data: unknown, msg = 'success'): Reply => ({ envelope: { code: 1, msg, data } });
export const fail = (code: number, msg: string): Reply => ({ envelope: { code, msg, data: null } });
