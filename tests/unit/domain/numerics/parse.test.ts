// @vitest-environment node
// The one fixed-point decoder (domain/numerics/parse.ts): decimal text to scaled integers exactly, or a refusal;
// never a rounded value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bigScaledOf,
  NOT_PLAIN,
  parseScaled,
  placesNeeded,
  scaledOf,
  TOO_FINE,
  unsignedScaledOf,
} from '../../../../domain/numerics/parse.ts';

describe('scaledOf (safe integers)', () => {
  it('reads a decimal text exactly or refuses it', () => {
    expect(scaledOf('1.10000', 5)).toBe(110000);
    expect(scaledOf('1.1', 5)).toBe(110000);
    expect(scaledOf('-0.000001', 6)).toBe(-1);
    expect(scaledOf('1.123456', 5)).toBeNull(); // a digit would be lost
    expect(scaledOf('1.12345000', 5)).toBe(112345); // trailing zeros are not digits
    expect(scaledOf('123456789012345678', 0)).toBeNull(); // beyond 2^53
    expect(scaledOf('abc', 2)).toBeNull();
  });

  it('takes a sign, a bare point and spaces around; "-0" is 0', () => {
    expect(scaledOf(' +2.5 ', 1)).toBe(25);
    expect(scaledOf('.5', 1)).toBe(5);
    expect(scaledOf('5.', 1)).toBe(50);
    expect(Object.is(scaledOf('-0.00', 2), 0)).toBe(true);
    expect(scaledOf('.', 1)).toBeNull();
    expect(scaledOf('1e3', 0)).toBeNull();
    expect(scaledOf('9007199254740991', 0)).toBe(Number.MAX_SAFE_INTEGER);
    expect(scaledOf('9007199254740992', 0)).toBeNull();
  });
});

describe('bigScaledOf and parseScaled (BigInt)', () => {
  it('reads any size exactly', () => {
    expect(bigScaledOf('-123456789012345678901234.5', 2)).toBe(-12345678901234567890123450n);
    expect(bigScaledOf('1.001', 2)).toBeNull();
    expect(parseScaled('-12.3400')).toEqual({ units: -123400n, places: 4 });
    expect(parseScaled('7')).toEqual({ units: 7n, places: 0 });
    expect(() => parseScaled('x')).toThrow(RangeError);
    expect(placesNeeded('0.0100')).toBe(2);
    expect(placesNeeded('100000')).toBe(0);
  });
});

describe('unsignedScaledOf (the tick path)', () => {
  it('reads a plain unsigned decimal without allocating, or says why not', () => {
    expect(unsignedScaledOf('1.10500', 5)).toBe(110500);
    expect(unsignedScaledOf('1.081230', 5)).toBe(108123);
    expect(unsignedScaledOf('1.081234', 5)).toBe(TOO_FINE);
    for (const bad of ['', '-1', '+1', '1.', '.5', ' 1', '1e3', '1234567890123456'])
      expect(unsignedScaledOf(bad, 2)).toBe(NOT_PLAIN);
    expect(unsignedScaledOf('123456789012345', 1)).toBe(1234567890123450);
    expect(unsignedScaledOf('123456789012345', 2)).toBe(NOT_PLAIN); // beyond 2^53
  });

  it('agrees with scaledOf on every unsigned plain decimal', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,15}(\.\d{1,12})?$/), fc.integer({ min: 0, max: 10 }), (text, places) => {
        const v = unsignedScaledOf(text, places);
        const ref = scaledOf(text, places);
        if (v === TOO_FINE) expect(ref).toBeNull();
        else expect(v === NOT_PLAIN ? null : v).toBe(ref);
      }),
    );
  });
});
