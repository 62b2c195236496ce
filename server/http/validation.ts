// The one validation layer every route's input goes through (querystring, body, params, headers, the websocket's
// query): the route's JSON schema — the same one the OpenAPI document shows — compiled by our own ajv, with Fastify's
// options (coercion of query and form strings, defaults, extra fields dropped, first error only), plus the two rules
// JSON Schema cannot say and PostgreSQL needs: no non-finite number (ajv coerces "Infinity" and "1e309" to a number
// its range keywords then skip; JSON.parse turns 1e309 into Infinity) and no NUL character in any string (PostgreSQL
// text cannot hold U+0000). Both are refused like any other malformed field (errors.field_invalid), never a 500.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { ERROR_KEYWORD, ERROR_PARAMS_KEYWORD, type JsonSchema } from './schemas.ts';

/** ajv as Fastify configures it (@fastify/ajv-compiler's defaults), with the schema of a failure kept (`x-error`). */
export function createInputAjv(): Ajv {
  const ajv = new Ajv({
    coerceTypes: 'array',
    useDefaults: true,
    removeAdditional: true,
    allErrors: false, // one error is enough, and allErrors on hostile input is a DoS (Fastify's note)
    verbose: true, // errors carry their parentSchema: its `x-error` names the message
    strict: false, // documentation keywords (description, title, examples) beside validation ones
  });
  ajv.addKeyword({ keyword: ERROR_KEYWORD, schemaType: 'string' });
  ajv.addKeyword({ keyword: ERROR_PARAMS_KEYWORD, schemaType: 'object' });
  return ajv;
}

/** Where in `data` the first value no schema can refuse but the server must: a non-finite number or a NUL. */
export function hostileValue(data: unknown, path = ''): ErrorObject | undefined {
  if (typeof data === 'number') {
    return Number.isFinite(data) ? undefined : issue(path, 'finite', 'must be a finite number');
  }
  if (typeof data === 'string') {
    return data.includes('\u0000') ? issue(path, 'nul', 'must not contain U+0000') : undefined;
  }
  if (data && typeof data === 'object') {
    const entries: Array<[string, unknown]> = Array.isArray(data)
      ? data.map((v, i) => [String(i), v])
      : Object.entries(data);
    for (const [k, v] of entries) {
      if (k.includes('\u0000')) return issue(path, 'nul', 'must not contain U+0000');
      const found = hostileValue(v, `${path}/${k}`);
      if (found) return found;
    }
  }
  return undefined;
}

const issue = (instancePath: string, keyword: string, message: string): ErrorObject => ({
  instancePath,
  keyword,
  schemaPath: '#',
  params: {},
  message,
});

type Validator = ((data: unknown, ctx?: unknown) => boolean) & { errors?: ErrorObject[] | null; schemaEnv?: unknown };

/** Fastify's validator compiler: the schema's checks, then the hostile-value walk on what they let through. */
export function inputValidatorCompiler(ajv: Ajv = createInputAjv()): FastifySchemaCompiler<JsonSchema> {
  return ({ schema }) => {
    const check: ValidateFunction = ajv.compile(schema);
    const validate: Validator = (data, ctx) => {
      // ctx carries Fastify's parentData, so a coerced root value (a querystring object) is written back.
      if (!(check as (d: unknown, c?: unknown) => boolean)(data, ctx)) {
        validate.errors = check.errors ?? null;
        return false;
      }
      const found = hostileValue(data);
      validate.errors = found ? [found] : null;
      return !found;
    };
    // Fastify passes { parentData, parentDataProperty } only to functions that look like ajv's own.
    validate.schemaEnv = check.schemaEnv;
    return validate;
  };
}
