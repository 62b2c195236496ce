// @vitest-environment node
// PRICE_SOURCES: unset means the simulator alone (npm start needs nothing); names keep their priority order; an
// unknown or repeated name stops the server at start with a message naming it.
import { describe, expect, it } from 'vitest';
import { priceSourcesEnv } from '../../../../../server/market/sources/source-registry.ts';

describe('priceSourcesEnv', () => {
  it('defaults to the simulator', () => {
    expect(priceSourcesEnv(undefined)).toEqual(['simulator']);
    expect(priceSourcesEnv(' ')).toEqual(['simulator']);
  });
  it('keeps the priority order', () => {
    expect(priceSourcesEnv('replay, simulator')).toEqual(['replay', 'simulator']);
  });
  it('refuses an unknown or repeated source by name', () => {
    expect(() => priceSourcesEnv('simulator,nope')).toThrow('unknown source "nope"');
    expect(() => priceSourcesEnv('replay,replay')).toThrow('names "replay" twice');
  });
});
