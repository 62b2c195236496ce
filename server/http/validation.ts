// Besides the schema: no non-finite number (ajv coerces "1e309") and no NUL (PostgreSQL text cannot hold U+0000).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { ERROR_KEYWORD, ERROR_PARAMS_KEYWORD, type JsonSchema } from './schemas.ts';

/** Fastify's own options, with the schema of a failure kept for its `x-error`. */
function createInputAjv(): Ajv {
  const ajv = new Ajv({
    coerceTypes: 'array',
    useDefaults: true,
    removeAdditional: true,
    allErrors: false, // allErrors on hostile input is a DoS (Fastify's note)
    verbose: true, // errors carry their parentSchema: its `x-error` names the message
    strict: false, // documentation keywords (description, title, examples) beside validation ones
  });
  ajv.addKeyword({ keyword: ERROR_KEYWORD, schemaType: 'string' });
  ajv.addKeyword({ keyword: ERROR_PARAMS_KEYWORD, schemaType: 'object' });
  return ajv;
}

/** Hostile input can nest deep enough to overflow a recursive walk; no route's body needs more than a few levels. */
const MAX_INPUT_DEPTH = 32;

/** Iterative, so no input overflows the stack; extra fields are walked too, as removeAdditional has not run yet. */
function hostileValue(data: unknown): ErrorObject | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: data, path: '', depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path, depth } = item;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return issue(path, 'finite', 'must be a finite number');
    } else if (typeof value === 'string') {
      if (value.includes('\u0000')) return issue(path, 'nul', 'must not contain U+0000');
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_INPUT_DEPTH) return issue(path, 'depth', `must not nest deeper than ${MAX_INPUT_DEPTH} levels`);
      const keys = Array.isArray(value) ? null : Object.keys(value);
      const length = keys ? keys.length : (value as unknown[]).length;
      // Pushed in reverse, so the first offending field found is the first in document order.
      for (let i = length - 1; i >= 0; i--) {
        const k = keys ? (keys[i] as string) : String(i);
        if (k.includes('\u0000')) return issue(path, 'nul', 'must not contain U+0000');
        const v = keys ? (value as Record<string, unknown>)[k] : (value as unknown[])[i];
        stack.push({ value: v, path: `${path}/${k}`, depth: depth + 1 });
      }
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

/** One Ajv per process, its schemas compiled once by their text: every app a process builds has the same routes. */
export function compiledByText(make: () => Ajv): { ajv(): Ajv; compile(schema: JsonSchema): ValidateFunction } {
  let made: Ajv | undefined;
  const compiled = new Map<string, ValidateFunction>();
  const ajv = (): Ajv => (made ??= make());
  return {
    ajv,
    compile(schema) {
      const text = JSON.stringify(schema);
      const validate = compiled.get(text) ?? ajv().compile(schema);
      compiled.set(text, validate);
      return validate;
    },
  };
}

const inputs = compiledByText(createInputAjv);

/** Compiled on a route's first request, not when added: a process may never be asked most of its routes. */
export function inputValidatorCompiler(): FastifySchemaCompiler<JsonSchema> {
  return ({ schema }) => {
    let check: ValidateFunction | undefined;
    const validate: Validator = (data, ctx) => {
      check ??= inputs.compile(schema);
      // ctx carries Fastify's parentData, so a coerced root value (a querystring object) is written back.
      if (!(check as (d: unknown, c?: unknown) => boolean)(data, ctx)) {
        validate.errors = check.errors ?? null;
        return false;
      }
      const found = hostileValue(data);
      validate.errors = found ? [found] : null;
      return !found;
    };
    // Fastify passes { parentData, parentDataProperty } only to functions that look like ajv's own (a schemaEnv).
    validate.schemaEnv = true;
    return validate;
  };
}
