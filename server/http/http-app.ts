// The Fastify app: plugins (form bodies, multipart, websocket, static client), the envelope error
// handling, the 404 envelope / SPA fallback, and the route modules. No listening here: compose.ts does that.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import type { AppContext } from '../core/app-context.ts';
import { logSafeRequest } from '../core/log-redaction.ts';
import { answerClientError } from './client-errors.ts';
import { failure, sendError } from './errors.ts';
import { pickLanguage, translate } from './i18n.ts';
import { registerOpenApi } from './openapi.ts';
import { checkResponses, type ResponseViolation } from './response-check.ts';
import type { RouteModule } from './route-module.ts';
import { trackRoutes } from './route-table.ts';
import { inputValidatorCompiler } from './validation.ts';
import { rawReply } from './wire-schema.ts';
import { registerSecurityHeaders } from '../security/headers.ts';
import { pageScriptHashes } from '../security/inline-scripts.ts';
import { pageWithQuotes, servedPage } from './first-html.ts';
import { registerRateLimits } from '../security/rate-limit.ts';
import { drainAfterLastAnswer } from './drain.ts';
import { isApiPath } from '../../domain/api-paths.ts';

/** The version the API document states: the package's. */
const API_VERSION = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }
).version;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
const WS_MAX_PAYLOAD = 64 * 1024; // the hub answers frames above WS_MAX_CLIENT_FRAME itself; this is the hard cap

export interface AppOptions {
  /** Built client (vite build). Default ./dist. */
  distDir?: string | undefined;
  /** Served instead when dist is missing, so logos and icons still load in development and tests. */
  publicDir?: string | undefined;
  routes: readonly RouteModule[];
  /** The request budgets' store: counted in PostgreSQL when several gateways serve (default: this process). */
  rateStore?: FastifyRateLimitStoreCtor | undefined;
  /** Fastify trustProxy (TRUST_PROXY): only behind a proxy that sets X-Forwarded-For. */
  trustProxy?: boolean | string | number | undefined;
  /** Checks every answer against its route's response schema and reports mismatches (the server tests). */
  onResponseViolation?: ((v: ResponseViolation) => void) | undefined;
  /** Called after every answer (the metrics' request timing: server/metrics/http-metrics.ts). */
  onResponse?: ((request: FastifyRequest, reply: FastifyReply) => void) | undefined;
}

export async function buildApp(ctx: AppContext, opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log, // the composition root's logger: services and requests log to one stream
    // Each request's logger writes its URL with credential parameters redacted (server/core/log-redaction.ts),
    // whatever logger was injected.
    childLoggerFactory: (logger, bindings, opts) =>
      logger.child(bindings, { ...opts, serializers: { ...opts.serializers, req: logSafeRequest } }),
    bodyLimit: 1024 * 1024,
    // A plugin's start (the API reference's static files) may wait behind a busy CPU; a slow start is not a failure.
    pluginTimeout: 120_000,
    // Slow clients cannot hold a request or a silent connection for ever (slowloris): the whole request, body
    // included, within 30 s; a socket with nothing going on for 2 min is closed (live sockets ping every 5 s).
    requestTimeout: 30_000,
    connectionTimeout: 120_000,
    // A restart drains (docs/operations.md "Restarts"): closing stops new connections and ends the idle keep-alive
    // ones once no request is waiting in them (http/drain.ts), while a request already in flight is answered, not cut (its order may be committed: the trader must hear
    // so). A request that still arrives on an open connection during the drain is served, not refused with a 503
    // the proxy would pass on; the sockets were told to reconnect before (compose.ts close).
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // The router's own refusals (a path parameter over 100 characters, a malformed %-escape) answer the envelope
    // too, not Fastify's default {statusCode, code: 'FST_…'} body (found by tests/server/http/fuzz-routes.test.ts).
    frameworkErrors: (err, request, reply) => {
      void sendError(err, request, reply);
    },
    // And what Node's parser refuses before any route (headers over 16 KB → 431): the envelope as well.
    clientErrorHandler: answerClientError,
    trustProxy: trustProxyOption(opts.trustProxy),
  });
  trackRoutes(app); // first, so it sees every route below
  const onResponse = opts.onResponse;
  if (onResponse) app.addHook('onResponse', async (request, reply) => onResponse(request, reply));
  app.setErrorHandler((err, request, reply) => sendError(err, request, reply));
  // Every route's input through one validation layer: its schema (the document's) plus no non-finite number and no NUL.
  app.setValidatorCompiler(inputValidatorCompiler());
  // The routes' response schemas document and (in tests) check the answers; serialising stays JSON.stringify, as
  // before they existed, so a field a schema forgot is never dropped from an answer (fast-json-stringify would).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  if (opts.onResponseViolation) checkResponses(app, opts.onResponseViolation);
  await registerOpenApi(app, API_VERSION);

  // Compressed responses (the client's JS, trade_list): a phone on a slow link downloads a third of the bytes.
  // Brotli at quality 5 compresses nearly as well as 11 at a fraction of the CPU, on the fly.
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
  // No permessage-deflate (said here so an upgrade cannot turn it on unseen): each socket would hold its own zlib
  // contexts and deflate every batch once, instead of sending the one encoded frame to all; quote frames are small.
  await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD, perMessageDeflate: false } });

  const hasClient = existsSync(resolve(distDir, 'index.html'));
  const staticRoot = hasClient ? distDir : resolve(opts.publicDir ?? 'public');
  if (existsSync(staticRoot)) {
    await app.register(fastifyStatic, {
      root: staticRoot,
      prefix: '/',
      index: false,
      wildcard: true,
      cacheControl: false, // set below, per kind of file
      setHeaders: (res, path) => {
        // Vite names built assets by their content hash: they never change, so browsers may keep them for good;
        // anything else (logos, icons, the worker's entry names) is revalidated.
        const hashed = /[\\/]assets[\\/]/.test(path);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // The page carries the current quotes (server/http/first-html.ts); revalidated on every visit like before
  // (`no-cache`), and the service worker's precached copy, without them, still starts the app offline.
  const page = servedPage(resolve(distDir, 'index.html'));
  const sendPage = (reply: FastifyReply): FastifyReply | Promise<FastifyReply> => {
    const parts = page();
    if (!parts) return reply.type('text/html').sendFile('index.html', distDir);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(pageWithQuotes(parts, ctx.market, ctx.clock.now()));
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
    // API paths (domain/api-paths.ts) never fall back to the SPA's index.html: they get the 404 envelope.
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

/** A hop count becomes proxy-addr's "trust the first n hops" function (Fastify's types omit the number form). */
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
