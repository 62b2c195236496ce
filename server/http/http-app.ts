// No listening here: compose.ts does that.
import { existsSync, readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { resolve } from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import type { AppContext, RouteModule } from '../core/app-context.ts';
import { logSafeRequest } from '../core/log-redaction.ts';
import { clientFaultKey, failure, sendError } from './errors.ts';
import { pickLanguage, translate } from './i18n.ts';
import { registerOpenApi } from './openapi.ts';
import { checkResponses, type ResponseViolation } from './response-check.ts';
import { trackRoutes } from './route-table.ts';
import { inputValidatorCompiler } from './validation.ts';
import { rawReply } from './wire-schema.ts';
import { registerSecurityHeaders } from '../security/headers.ts';
import { pageScriptHashes } from '../security/inline-scripts.ts';
import { pageWithQuotes, servedPage } from './first-html.ts';
import { pageRiskWarning } from '../retail/loss-figure.ts';
import { registerRateLimits } from '../security/rate-limit.ts';
import { isApiPath } from '../../domain/api-paths.ts';

const API_VERSION = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }
).version;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** No trader's form reads more than a few KB; a stranger's megabyte would cost a parse and a walk per request. */
export const BODY_MAX_BYTES = 64 * 1024;
/** An operator's command carries a news text of up to 100,000 characters, form-encoded up to nine bytes each. */
export const OPS_BODY_MAX_BYTES = 1024 * 1024;
const WS_MAX_PAYLOAD = 64 * 1024; // the hub answers frames above WS_MAX_CLIENT_FRAME itself; this is the hard cap

interface AppOptions {
  distDir?: string | undefined;
  /** Served when dist is missing, so logos and icons still load in development and tests. */
  publicDir?: string | undefined;
  routes: readonly RouteModule[];
  /** Budgets must be counted in PostgreSQL when several gateways serve. */
  rateStore?: FastifyRateLimitStoreCtor | undefined;
  /** Only behind a proxy that sets X-Forwarded-For, or clients could spoof their address. */
  trustProxy?: boolean | string | number | undefined;
  onResponseViolation?: ((v: ResponseViolation) => void) | undefined;
  onResponse?: ((request: FastifyRequest, reply: FastifyReply) => void) | undefined;
}

export async function buildApp(ctx: AppContext, opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    // Redacts credential parameters from URLs whatever logger was injected (server/core/log-redaction.ts).
    childLoggerFactory: (logger, bindings, opts) =>
      logger.child(bindings, { ...opts, serializers: { ...opts.serializers, req: logSafeRequest } }),
    bodyLimit: BODY_MAX_BYTES,
    // A plugin's start may wait behind a busy CPU; a slow start is not a failure.
    pluginTimeout: 120_000,
    // Slowloris: a slow client cannot hold a request or a silent connection for ever (live sockets ping every 5 s).
    requestTimeout: 30_000,
    connectionTimeout: 120_000,
    // In-flight requests are answered, not cut: an order may be committed (docs/operations.md "Restarts").
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // The router's own refusals answer the envelope too, not Fastify's default body.
    frameworkErrors: (err, request, reply) => {
      void sendError(err, request, reply);
    },
    // Headers Node's parser refuses before any route also get the envelope.
    clientErrorHandler: answerClientError,
    trustProxy: trustProxyOption(opts.trustProxy),
  });
  trackRoutes(app); // first, so it sees every route below
  const onResponse = opts.onResponse;
  if (onResponse) app.addHook('onResponse', async (request, reply) => onResponse(request, reply));
  app.setErrorHandler((err, request, reply) => sendError(err, request, reply));
  app.setValidatorCompiler(inputValidatorCompiler());
  // JSON.stringify, not fast-json-stringify: a field a response schema forgot must never be dropped from an answer.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  if (opts.onResponseViolation) checkResponses(app, opts.onResponseViolation);
  await registerOpenApi(app, API_VERSION);

  // The built files come compressed from the build (vite.config.ts); this compresses the answers made per request,
  // where Brotli at quality 5 is nearly as small as 11 at a fraction of the CPU.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  const distDir = resolve(opts.distDir ?? 'dist');
  drainAfterLastAnswer(app);
  await registerSecurityHeaders(app, { ...ctx, scriptHashes: pageScriptHashes(resolve(distDir, 'index.html')) });
  await app.register(formbody);
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 4096 },
  });
  // No permessage-deflate: each socket would deflate every batch itself instead of sharing one encoded frame.
  await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD, perMessageDeflate: false } });

  const hasClient = existsSync(resolve(distDir, 'index.html'));
  const staticRoot = hasClient ? distDir : resolve(opts.publicDir ?? 'public');
  if (existsSync(staticRoot)) {
    await app.register(fastifyStatic, {
      root: staticRoot,
      prefix: '/',
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        // Vite names built assets by content hash, so they never change; anything else is revalidated.
        const hashed = /[\\/]assets[\\/]/.test(path);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding'); // the same URL answers Brotli, gzip or plain
      },
    });
  }

  // The page carries the current quotes (first-html.ts), so it is revalidated on every visit.
  const page = servedPage(resolve(distDir, 'index.html'));
  const pageWarning = pageRiskWarning(ctx.db, ctx.clock);
  const sendPage = async (reply: FastifyReply): Promise<FastifyReply> => {
    const parts = page();
    if (!parts) return reply.type('text/html').sendFile('index.html', distDir);
    const warning = await pageWarning();
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(pageWithQuotes(parts, ctx.market, ctx.clock.now(), warning));
  };

  app.get(
    '/',
    { schema: { tags: ['Service'], response: rawReply('text/html', { type: 'string' }, 'The web app') } },
    async (_request, reply) => {
      if (hasClient) return sendPage(reply);
      return reply.type('text/html; charset=utf-8').send(clientMissingPage());
    },
  );

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // API paths never fall back to the SPA's index.html: they get the 404 envelope.
    const wantsPage = request.method === 'GET' && !isApiPath(path);
    if (wantsPage && hasClient && !/\.[a-z0-9]+$/i.test(path)) {
      // The client routes with the hash, but a deep link without one still gets the app.
      return sendPage(reply);
    }
    const lang = pickLanguage(request.headers.lang);
    return reply.code(404).send(failure(translate(lang, 'errors.not_found')));
  });

  // Before the routes: its onRoute hook puts the budgets in front of the limited ones.
  await registerRateLimits(app, ctx, opts.rateStore);
  for (const routes of opts.routes) await app.register(async (scope) => routes(scope, ctx));
  return app;
}

/** Node's parser refuses these before Fastify sees a request, so there is no `lang` header to read. */
function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(failure(translate(pickLanguage(undefined), clientFaultKey(status))));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** Fastify's types omit proxy-addr's hop-count form. */
function trustProxyOption(
  v: boolean | string | number | undefined,
): boolean | string | ((addr: string, hop: number) => boolean) {
  if (typeof v === 'number') return (_addr, hop) => hop < v;
  return v ?? false;
}

function clientMissingPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tickwise server</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;line-height:1.5">
<h1>Tickwise API is running</h1>
<p>The web client has not been built, so there is nothing to show here yet.</p>
<p>Run <code>npm start</code> (builds the client, then starts this server) or <code>npm run build</code> and restart.
For development with hot reload use <code>npm run dev</code>.</p>
<p>API health: <a href="/healthz">/healthz</a></p>
</body></html>`;
}

/** Node's close() resets a connection whose next request arrived but is unread (docs/operations.md "Restarts"). */
function drainAfterLastAnswer(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
  const server = app.server;
  const closeIdle = server.closeIdleConnections.bind(server);
  // One turn reaches the check phase before the next poll; the second comes after a poll that read the sockets.
  server.closeIdleConnections = () => {
    setImmediate(() => setImmediate(closeIdle));
  };
}
