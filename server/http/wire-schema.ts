// `shape<T>` ties a schema to its wire type: tsc fails when a field of T has no schema or a schema names one T lacks.
import { CODE_INTERNAL, CODE_OK } from '../../domain/types.ts';
import { DECIMAL_PATTERN } from '../../domain/numerics/decimal-pattern.ts';
import type { FastifySchema } from 'fastify';
import { budget, type RouteBudget } from '../security/budgets.ts';
import { query, type JsonSchema } from './schemas.ts';

export const text: JsonSchema = { type: 'string' };
export const integer: JsonSchema = { type: 'integer' };
export const number: JsonSchema = { type: 'number' };
export const bool: JsonSchema = { type: 'boolean' };
export const nullable = (s: JsonSchema): JsonSchema => ({ anyOf: [s, { type: 'null' }] });
export const listOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
export const enumOf = (...values: ReadonlyArray<string | number>): JsonSchema => ({ enum: values });
/** Never a binary float on the wire. */
export const decimal: JsonSchema = { type: 'string', pattern: DECIMAL_PATTERN, description: 'exact decimal' };
/** UTC. */
export const recordTime: JsonSchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' };
export const anyObject: JsonSchema = { type: 'object' };
export const anyValue: JsonSchema = { description: 'any JSON value' };
/** The answer of a route that only acts. */
export const nothing: JsonSchema = { type: 'null' };

type Props<T> = { [K in keyof T]-?: JsonSchema };

/** Each field required unless named in `optional`. */
export function shape<T>(
  title: string,
  properties: Props<T>,
  optional: ReadonlyArray<keyof T & string> = [],
): JsonSchema {
  const required = Object.keys(properties).filter((k) => !optional.includes(k as keyof T & string));
  return { title, type: 'object', properties, required };
}

export function listShape<T>(
  title: string,
  properties: Props<T>,
  optional: ReadonlyArray<keyof T & string> = [],
): JsonSchema {
  return listOf(shape<T>(title, properties, optional));
}

/** The screens stop loading when loaded >= total. */
export function pagedShape<T>(pageTitle: string, title: string, properties: Props<T>): JsonSchema {
  return shape<{ data: T[]; total: number }>(pageTitle, { data: listShape<T>(title, properties), total: integer });
}

const onlyField = (name: string, schema: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { [name]: schema },
  required: [name],
  additionalProperties: false,
});

/** 999 = session missing or expired, 500 = the server failed, 0 = any other error. */
export const FAILURE: JsonSchema = {
  title: 'Failure',
  type: 'object',
  properties: {
    code: {
      type: 'integer',
      not: { const: CODE_OK },
      description: '999 = session missing or expired; 500 = the server failed; 0 = any other error',
    },
    msg: { type: 'string', description: 'translated by the `lang` header' },
    data: {
      description:
        'null; a refused code resend (code_too_frequent) says how long to wait: { resend_after: seconds }; a request ' +
        'that needs the second factor (second_factor_required) says so: { second_factor: 1 }; a 999 for a session ' +
        'ended from another device says when (ms): { signed_out_at }',
      anyOf: [
        { type: 'null' },
        onlyField('resend_after', { type: 'integer', minimum: 1 }),
        onlyField('second_factor', { const: 1 }),
        onlyField('signed_out_at', { type: 'integer', minimum: 0 }),
      ],
    },
  },
  required: ['code', 'msg', 'data'],
};

export const success = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { code: { const: CODE_OK }, msg: { type: 'string' }, data },
  required: ['code', 'msg', 'data'],
});

export const FAILURES = {
  '4xx': {
    description: 'Malformed body (400), ops token (401), unknown route (404), too large (413), budget spent (429)',
    ...FAILURE,
  },
  '5xx': {
    description: 'Unexpected failure (500) or database unreachable (503): code 500',
    ...FAILURE,
    properties: { ...(FAILURE.properties as object), code: { const: CODE_INTERNAL } },
  },
};

/** HTTP 200 carries the success envelope or a business failure. */
export function replies(
  data: JsonSchema,
  description = 'Success (code 1) or a business failure',
): Record<string, JsonSchema> {
  return { 200: { description, anyOf: [success(data), FAILURE] }, ...FAILURES };
}

export function rawReply(mediaType: string, schema: JsonSchema, description: string): Record<string, JsonSchema> {
  return {
    200: { description, content: { [mediaType]: { schema }, 'application/json': { schema: FAILURE } } },
    ...FAILURES,
  };
}

export const SESSION = [{ session: [] }];

/** A route open to anyone: its tags and the budget it spends. */
export const publicRoute = (tags: string[], spend: RouteBudget, schema: FastifySchema) => ({
  config: { budget: spend },
  schema: { tags, ...schema },
});

/** A read open to anyone: no budget, its query (by default only the cache-buster) and its answer. */
export const publicRead = (tags: string[], data: JsonSchema, querystring: JsonSchema = query()) => ({
  schema: { tags, querystring, response: replies(data) },
});

/** A signed-in read. */
export const sessionRead = (tags: string[], data: JsonSchema, querystring: JsonSchema = query()) => ({
  schema: { tags, security: SESSION, querystring, response: replies(data) },
});

/** A signed-in route's options: its tags, the session it needs and the budget it spends, in one place. */
export const sessionRoute = (tags: string[], spend: RouteBudget, schema: FastifySchema) =>
  publicRoute(tags, spend, { security: SESSION, ...schema });
/** A signed-in form that spends the write budget: its body and its answer. */
export const sessionWrite = (tags: string[], data: JsonSchema, body: JsonSchema) =>
  sessionRoute(tags, budget('write'), { body, response: replies(data) });
/** The route answers the same without a session (logout). */
export const OPTIONAL_SESSION: Array<Record<string, string[]>> = [{}, { session: [] }];
export const OPS = [{ opsToken: [] }];
