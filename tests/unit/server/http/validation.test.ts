// @vitest-environment node
// compiledByText (server/http/validation.ts): one Ajv per process, made on first use, and a schema compiled once however
// many apps register it, found again by its text; and a route's validator compiled on its first request.
import { Ajv } from 'ajv';
import { describe, expect, it, vi } from 'vitest';
import type { JsonSchema } from '../../../../server/http/schemas.ts';
import { compiledByText, inputValidatorCompiler } from '../../../../server/http/validation.ts';

describe('compiledByText', () => {
  it('makes its Ajv on first use and compiles an equal schema once', () => {
    const make = vi.fn(() => new Ajv());
    const cache = compiledByText(make);
    expect(make).not.toHaveBeenCalled();
    const a = cache.compile({ type: 'object', properties: { lots: { type: 'string' } } });
    const b = cache.compile({ type: 'object', properties: { lots: { type: 'string' } } }); // another app's copy
    const c = cache.compile({ type: 'object', properties: { lots: { type: 'number' } } });
    expect(make).toHaveBeenCalledTimes(1);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(a({ lots: '0.1' })).toBe(true);
    expect(c({ lots: '0.1' })).toBe(false);
    expect(cache.ajv().errorsText(c.errors)).toBe('data/lots must be number');
  });
});

describe('inputValidatorCompiler', () => {
  const compile = (schema: JsonSchema) =>
    inputValidatorCompiler()({ schema, method: 'GET', url: '/x', httpPart: 'querystring' }) as (
      data: unknown,
    ) => boolean;

  it("compiles a route's schema on its first request, not when the route is added", () => {
    // A schema Ajv refuses: it throws when compiled, so only a call compiles it.
    const validate = compile({ type: 'object', properties: { lots: { type: 'no-such-type' } } });
    expect(() => validate({ lots: '1' })).toThrow(/schema is invalid/);
  });

  it('coerces, then refuses a value the schema allows but no route may take', () => {
    const validate = compile({ type: 'object', properties: { lots: { type: 'number' } } });
    expect(validate({ lots: '0.1' })).toBe(true);
    expect(validate({ lots: 'x' })).toBe(false);
    expect(validate({ lots: '1e309' })).toBe(false); // coerced to Infinity: not a finite number
  });
});
