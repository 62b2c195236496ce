// JSON-schema helpers for route validation (Fastify's built-in ajv). Strings are trimmed of nothing and
// length-capped; required strings must be non-empty, so "missing" and "empty" give the same clear message.
export interface JsonSchema {
  [key: string]: unknown;
}

export const str = (maxLength = 255): JsonSchema => ({ type: 'string', maxLength });
export const requiredStr = (maxLength = 255): JsonSchema => ({ type: 'string', minLength: 1, maxLength });
export const int = (minimum = 0, maximum = 2_147_483_647): JsonSchema => ({ type: 'integer', minimum, maximum });
export const oneOf = (...values: ReadonlyArray<string | number>): JsonSchema => ({ enum: values });

/** The client's cache-busting timestamp on every GET and DELETE (SPEC §7); accepted and ignored. */
const T_PARAM: JsonSchema = { type: 'string', maxLength: 32 };

/** A querystring schema for GET/DELETE: the given fields plus `t`. */
export function query(properties: Record<string, JsonSchema> = {}, required: string[] = []): JsonSchema {
  return { type: 'object', properties: { ...properties, t: T_PARAM }, required };
}

/** A form or JSON body schema. */
export function body(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', properties, required };
}
