// @vitest-environment node
// compiledByText (server/http/validation.ts): one Ajv per process, made on first use, and a schema compiled once however
// many apps register it, found again by its text.
import { Ajv } from 'ajv';
import { describe, expect, it, vi } from 'vitest';
import { compiledByText } from '../../../../server/http/validation.ts';

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
