// Registered before the routes: @fastify/swagger collects them with an onRoute hook.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { LANGUAGES } from '../../domain/types.ts';
import { OPS_TOKEN_HEADER } from '../ops/auth.ts';
import { WS_CLIENT_MESSAGE, WS_DESCRIPTION, WS_SERVER_MESSAGE } from '../ws/ws-doc.ts';
import operations from './operations.json' with { type: 'json' };
import type { JsonSchema } from './schemas.ts';
import { FAILURE, FAILURES } from './wire-schema.ts';

/** A body a handler reads itself (a multipart file, an operator command's parameters): documented only. */
interface DescribedBody {
  schema: JsonSchema;
  consumes?: string[];
  required: boolean;
}

/** A POST whose only input is its session header, so a client may post an empty form. */
export const emptyBody = (header: string): DescribedBody => ({
  schema: { type: 'object', properties: {}, description: `nothing: the session is the ${header} header` },
  required: false,
});

declare module 'fastify' {
  interface FastifySchema {
    /** Documented, not validated by Fastify: the handler checks them. */
    describeHeaders?: Record<string, JsonSchema>;
    describeBody?: DescribedBody;
  }
}

const BODY_TYPES = ['application/x-www-form-urlencoded', 'application/json'];

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

export const undocumented = (url: string): boolean =>
  url.includes('*') || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

const DESCRIPTION = `The wire contract of the Tickwise server (docs/contract.md §7), generated from the route schemas.

**Envelope.** Every API route answers \`{"code", "msg", "data"}\`: \`code\` **1** = success (\`data\` as documented per
route), **999** = session missing, wrong or expired (sign in again), **500** = the server failed (HTTP 5xx: not the
request's fault), **0** = any other error (\`msg\` says what, \`data\` is \`null\`). Business and validation errors use
HTTP 200 so the client reads \`code\`/\`msg\`; a malformed body is 400 or 415, an unknown route 404, a body too large
413, headers or URL over 16 KB 431, a spent abuse budget 429 (with \`Retry-After\`), an unexpected failure 500, the
database unreachable 503 — each with the envelope.

**Validation.** The schemas below are the server's validation itself. Besides them, every number must be finite
(\`Infinity\`, \`1e309\` are refused) and no string may contain U+0000; a field that fails says its name in \`msg\`.

**Session.** Send the login token in the \`authorization\` header, bare (as the app does) or as \`Bearer <token>\`.
Tokens come from login, register or the demo login and last 30 days. The back office's routes take \`${OPS_TOKEN_HEADER}\` instead.

**Language.** The \`lang\` header (${LANGUAGES.join(', ')}; \`tw\` = \`hk\`) picks the language of \`msg\`; default \`hk\`.

**Parameters.** GET routes take query parameters (plus the ignored cache-buster \`t\`); POST routes take a form
(\`application/x-www-form-urlencoded\`, as the app sends) or JSON body, the image upload a multipart file. Money and
prices are exact decimal strings.

**Live socket.** See the *Live socket* section (\`/v1/ws\`) and docs/protocol.md.`;

const LANG_HEADER = {
  lang: { type: 'string', enum: [...LANGUAGES, 'tw'], description: 'language of `msg` (default hk)' },
};

/** Method and path → [operationId, summary]. */
const OPERATIONS: Readonly<Record<string, readonly string[]>> = operations;

/** Missing from operations.json: a made-up id, "METHOD path" as summary (tests/server/http/openapi.test.ts). */
function operationOf(method: string, url: string): [operationId: string, summary: string] {
  const [operationId, summary] = OPERATIONS[`${method} ${url}`] ?? [];
  if (operationId && summary) return [operationId, summary];
  const words = `${method.toLowerCase()} ${url}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const id = words.map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1))).join('');
  return [id, `${method} ${url}`];
}

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  /** @fastify/swagger marks every body required. */
  const optionalBodies = new Set<string>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Tickwise API', version, description: DESCRIPTION },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'header', name: 'authorization', description: 'the login token' },
          opsToken: {
            type: 'apiKey',
            in: 'header',
            name: OPS_TOKEN_HEADER,
            description: "the operators' token (OPS_TOKEN)",
          },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const { describeHeaders, describeBody, ...s } = (schema ?? {}) as FastifySchema & Record<string, unknown>;
      const own = (s.headers as { properties?: Record<string, JsonSchema> } | undefined)?.properties;
      const headers = {
        type: 'object',
        properties: { ...LANG_HEADER, ...own, ...describeHeaders },
      };
      // @fastify/websocket marks its routes hidden, but /v1/ws is documented.
      const hide = undocumented(url);
      if (hide) return { schema: { ...s, headers, hide }, url };
      const [operationId, summary] = operationOf(String(route.method), url);
      if (describeBody && !describeBody.required) optionalBodies.add(operationId);
      const body = describeBody?.schema ?? s.body;
      const consumes = describeBody?.consumes ?? (body ? BODY_TYPES : undefined);
      return { schema: { ...s, operationId, summary, headers, hide, ...(body ? { body, consumes } : {}) }, url };
    },
    transformObject: (doc) => {
      if (!('openapiObject' in doc)) return doc.swaggerObject;
      const o = doc.openapiObject;
      for (const ops of Object.values(o.paths ?? {})) {
        for (const op of Object.values(
          ops as Record<string, { operationId?: string; requestBody?: { required?: boolean } }>,
        )) {
          if (op.requestBody && op.operationId && optionalBodies.has(op.operationId)) op.requestBody.required = false;
        }
      }
      o.components = {
        ...o.components,
        schemas: {
          ...o.components?.schemas,
          Failure: FAILURE,
          WsClientMessage: WS_CLIENT_MESSAGE,
          WsServerMessage: WS_SERVER_MESSAGE,
        },
      };
      return { ...o, 'x-websocket': { path: '/v1/ws', description: WS_DESCRIPTION } };
    },
  });

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The CSP allows this origin only, so no call to the public validator badge.
    uiConfig: { validatorUrl: null, docExpansion: 'list', defaultModelsExpandDepth: 0, deepLinking: true },
    uiHooks: {
      // The plugin's redirect of .../static/index.html loops with a query string: send it to the page itself.
      onRequest: (request, reply, done) => {
        if (request.url.split('?')[0] === `${DOCS_PREFIX}/static/index.html`) {
          void reply.redirect(`${DOCS_PREFIX}/`);
          return;
        }
        done();
      },
    },
  });

  app.get(
    OPENAPI_PATH,
    {
      schema: {
        tags: ['Documentation'],
        response: {
          ...FAILURES,
          200: { description: 'The OpenAPI document', type: 'object', required: ['openapi', 'paths'] },
        },
      },
    },
    async () => app.swagger(),
  );
}
