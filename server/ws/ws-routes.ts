// Frames above the server's hard cap (http-app.ts maxPayload) are closed by `ws` before the hub sees them.
import type { FastifyInstance } from 'fastify';
import type { RawData } from 'ws';
import { WS_PATH } from '../../domain/ws-protocol.ts';
import type { AppContext, RouteModule } from '../core/app-context.ts';
import { failure } from '../http/errors.ts';
import { pickLanguage, requestText } from '../http/i18n.ts';
import { query, str } from '../http/schemas.ts';
import { FAILURE, FAILURES } from '../http/wire-schema.ts';
import type { SocketLeases } from '../security/socket-leases.ts';
import type { Hub } from './hub.ts';
import { WS_DESCRIPTION } from './ws-doc.ts';

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.byteLength, 0);
  return data.byteLength;
}

function toText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** `leases` caps sockets per address across gateways. */
export function wsRoutes(hub: Hub, leases?: SocketLeases): RouteModule {
  return async (app: FastifyInstance, ctx: AppContext): Promise<void> => {
    app.route<{ Querystring: { lang?: string } }>({
      method: 'GET',
      url: WS_PATH,
      // A socket has no envelope to read code 0 from, so a refused query is an HTTP 400 before the upgrade.
      config: { validationStatus: 400 },
      // `lang` picks the login failure message's language: the spec's client sends it as a header on REST only.
      schema: {
        tags: ['Live socket'],
        description: WS_DESCRIPTION,
        querystring: query({ lang: str(8) }),
        response: {
          101: { description: 'Switching Protocols: frames are WsClientMessage / WsServerMessage' },
          400: { description: 'A query parameter that fails its schema', ...FAILURE },
          426: { description: 'Not a websocket upgrade (a plain GET): Upgrade Required', ...FAILURE },
          ...FAILURES,
        },
      },
      // Past the per-address cap across gateways the client gets 429 and no socket.
      preHandler: async (request, reply) => {
        if (!leases || !request.ws) return;
        if (await leases.admit(request.ip)) return;
        await reply.code(429).send(failure(requestText(request, 'errors.too_many_requests')));
      },
      handler: async (request, reply) =>
        reply
          .code(426)
          .header('Upgrade', 'websocket')
          .send(failure(requestText(request, 'errors.websocket_only'))),
      wsHandler: (socket, request) => {
        const lang = pickLanguage(request.query.lang ?? request.headers.lang);
        // request.ip honours TRUST_PROXY like the REST limits.
        const conn = hub.connect(socket, lang, request.ip);
        socket.on('message', (data: RawData, isBinary: boolean) => {
          const size = byteLength(data);
          conn.receive(size > hub.maxFrame ? '' : toText(data), size, isBinary);
        });
        socket.on('close', () => {
          conn.closed();
          leases?.release(request.ip).catch((err: unknown) => ctx.log.warn({ err }, 'socket lease release'));
        });
        socket.on('error', (err) => {
          ctx.log.debug({ err }, 'websocket error');
          conn.closed();
        });
      },
    });
  };
}
