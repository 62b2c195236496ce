// Server tests only (tests/server/support/harness.ts): it costs a validation per answer.
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { undocumented } from './openapi.ts';
import { compiledByText } from './validation.ts';
import type { JsonSchema } from './schemas.ts';

export interface ResponseViolation {
  method: string;
  url: string;
  status: number;
  problem: string;
}

type Responses = Record<string, JsonSchema>;

/** The exact code, else its class (4xx), else `default`. */
function responseSchemaFor(responses: Responses, status: number): JsonSchema | undefined {
  const declared = responses[String(status)] ?? responses[`${String(status)[0]}xx`] ?? responses.default;
  if (!declared) return undefined;
  // The payload reaching this hook is an object, so a declared media type map is JSON-like content.
  const content = declared.content as Record<string, { schema: JsonSchema }> | undefined;
  if (content) return { anyOf: Object.values(content).map((c) => c.schema) };
  return declared;
}

const answers = compiledByText(() => new Ajv({ strict: false, validateFormats: false })); // formats only document

export function createResponseChecker(): (
  method: string,
  url: string,
  responses: Responses,
  status: number,
  payload: unknown,
) => string | null {
  const cache = new Map<string, ValidateFunction>();
  return (method, url, responses, status, payload) => {
    const key = `${method} ${url} ${status}`;
    let validate = cache.get(key);
    if (!validate) {
      const schema = responseSchemaFor(responses, status);
      if (!schema) return `no response schema for HTTP ${status}`;
      validate = answers.compile(schema);
      cache.set(key, validate);
    }
    if (validate(payload)) return null;
    return (
      answers.ajv().errorsText(validate.errors, { dataVar: 'response' }) +
      ` — got ${JSON.stringify(payload).slice(0, 300)}`
    );
  };
}

/** Objects only: images and pages are sent as bytes. */
export function checkResponses(app: FastifyInstance, report: (v: ResponseViolation) => void): void {
  const check = createResponseChecker();
  app.addHook('preSerialization', async (request: FastifyRequest, reply, payload) => {
    const route = request.routeOptions;
    // Undocumented by design: the 404 handler, static files and the reference page's own files.
    if (!route.url || undocumented(route.url)) return payload;
    const responses = (route.schema?.response ?? undefined) as Responses | undefined;
    const base = { method: request.method, url: route.url, status: reply.statusCode };
    if (!responses) {
      report({ ...base, problem: 'the route declares no response schema' });
      return payload;
    }
    const problem = check(request.method, route.url, responses, reply.statusCode, payload);
    if (problem) report({ ...base, problem });
    return payload;
  });
}
