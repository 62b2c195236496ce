// @vitest-environment node
// Scaled-integer arithmetic (domain/numerics/scale.ts): text of a BigInt or a safe integer alike, exact rescaling,
// and the one rounding between places.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decOf, rescale, roundTo, scaledText } from '../../../../domain/numerics/scale.ts';

describe('scaledText', () => {
  it('writes a BigInt and a safe integer the same way, never "-0"', () => {
    expect(scaledText(108123, 5)).toBe('1.08123');
    expect(scaledText(5, 5)).toBe('0.00005');
    expect(scaledText(-1500, 6)).toBe('-0.001500');
    expect(scaledText(39100, 0)).toBe('39100');
    expect(scaledText(-0, 2)).toBe('0.00');
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 53 - 1), max: 2 ** 53 - 1 }),
        fc.integer({ min: 0, max: 12 }),
        (n, places) => {
          expect(scaledText(n, places)).toBe(scaledText(BigInt(n), places));
          expect(decOf(BigInt(n), places).toFixed(places)).toBe(scaledText(n, places));
        },
      ),
    );
  });
});

describe('rescale and roundTo', () => {
  it('moves between places exactly, rounding half away from zero only when places are dropped', () => {
    expect(rescale({ units: -125n, places: 2 }, 4)).toBe(-12500n);
    expect(roundTo(-125n, 2, 1)).toBe(-13n);
    expect(roundTo(124n, 2, 1)).toBe(12n);
    expect(roundTo(7n, 0, 3)).toBe(7000n);
  });
});
