// @vitest-environment node
// Order rules shared by the screens (domain/order-rules.ts): an order's trailing distance.
import { describe, expect, it } from 'vitest';
import { trailOf } from '../../../domain/order-rules.ts';

describe('trailOf', () => {
  it('is the distance of a trailing stop, null for "0", none, or text that is not a number', () => {
    expect(trailOf({ TrailDistance: '0.00200' })).toBe('0.00200');
    expect(trailOf({ TrailDistance: '0' })).toBeNull();
    expect(trailOf({ TrailDistance: '0.000' })).toBeNull();
    expect(trailOf({})).toBeNull();
    expect(trailOf({ TrailDistance: 'abc' })).toBeNull();
  });
});
