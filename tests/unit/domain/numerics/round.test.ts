// @vitest-environment node
// The one rounding rule on integers and decimal text (domain/numerics/round.ts): half away from zero, exactly
// decimal.js ROUND_HALF_UP, for every sign and up to the edges of each representation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProjectDecimal, dec, fixed, halfUp } from '../../../../domain/decimal.ts';
import { money } from '../../../../domain/trade-maths.ts';
import { MONEY_PLACES } from '../../../../domain/numerics/places.ts';
import { divRound, divRoundInt, roundText } from '../../../../domain/numerics/round.ts';

const halfUpOf = (a: number | bigint, b: number | bigint): string =>
  dec(a.toString()).div(b.toString()).toDecimalPlaces(0, ProjectDecimal.ROUND_HALF_UP).toFixed();

describe('divRoundInt (safe integers)', () => {
  it('divides with decimal.js half-up rounding, ties away from zero', () => {
    expect([
      divRoundInt(15, 10),
      divRoundInt(-15, 10),
      divRoundInt(14, 10),
      divRoundInt(-25, 10),
      divRoundInt(-4, 10),
    ]).toEqual([2, -2, 1, -3, 0]);
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 53 - 1), max: 2 ** 53 - 1 }), fc.integer({ min: 0, max: 15 }), (n, k) => {
        const expected = new ProjectDecimal(n)
          .div(10 ** k)
          .toDecimalPlaces(0, ProjectDecimal.ROUND_HALF_UP)
          .toNumber();
        expect(divRoundInt(n, 10 ** k)).toBe(expected === 0 ? 0 : expected);
      }),
      { numRuns: 500 },
    );
  });

  it('is decimal.js half-up on integer ratios', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: -1e6, max: 1e6 }).filter((b) => b !== 0),
        (a, b) => {
          expect(divRoundInt(a, b)).toBe(
            dec(a).div(b).toDecimalPlaces(0, ProjectDecimal.ROUND_HALF_UP).toNumber() || 0,
          );
        },
      ),
    );
  });

  it('rounds negatives away from zero whichever side carries the sign, and never gives -0', () => {
    expect([
      divRoundInt(-5, 2),
      divRoundInt(5, -2),
      divRoundInt(-5, -2),
      divRoundInt(-7, 2),
      divRoundInt(7, -2),
    ]).toEqual([-3, -3, 3, -4, -4]);
    expect([divRoundInt(-1, 3), divRoundInt(1, -3), divRoundInt(-3, 2), divRoundInt(-1, 2)]).toEqual([0, 0, -2, -1]);
    expect(Object.is(divRoundInt(-1, 3), 0)).toBe(true);
    expect(Object.is(divRoundInt(0, -7), 0)).toBe(true);
  });

  it('stays exact at the edge of the safe integers, and for divisors beyond it (10^16 … 10^22)', () => {
    const max = Number.MAX_SAFE_INTEGER;
    expect(divRoundInt(max, 1)).toBe(max);
    expect(divRoundInt(-max, 1)).toBe(-max);
    expect(divRoundInt(max, 2)).toBe(4503599627370496); // 4503599627370495.5 → away from zero
    expect(divRoundInt(-max, 2)).toBe(-4503599627370496);
    expect(divRoundInt(max - 1, 2)).toBe(4503599627370495);
    expect(divRoundInt(max, 10 ** 16)).toBe(1); // 0.9007… → 1
    expect(divRoundInt(-max, 10 ** 22)).toBe(0);
    expect(divRoundInt(5 * 10 ** 15, 10 ** 16)).toBe(1); // exactly one half
    fc.assert(
      fc.property(
        fc.integer({ min: -max, max }),
        fc.integer({ min: -max, max }).filter((b) => b !== 0),
        (a, b) => {
          expect(String(divRoundInt(a, b))).toBe(halfUpOf(a, b));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('divRound (BigInt)', () => {
  it('rounds half away from zero for every sign and any size', () => {
    expect([
      divRound(15n, 10n),
      divRound(-15n, 10n),
      divRound(15n, -10n),
      divRound(-15n, -10n),
      divRound(-14n, 10n),
    ]).toEqual([2n, -2n, -2n, 2n, -1n]);
    const big = 10n ** 40n + 5n;
    expect(divRound(big, 10n)).toBe(10n ** 39n + 1n);
    expect(divRound(-big, 10n)).toBe(-(10n ** 39n + 1n));
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).filter((b) => b !== 0n),
        (a, b) => {
          expect(divRound(a, b).toString()).toBe(halfUpOf(a, b));
        },
      ),
    );
  });
});

describe('roundText', () => {
  it('rounds ties away from zero, exactly, without float drift', () => {
    expect(roundText('1.005', 2)).toBe('1.01'); // 1.005 as a float is 1.00499…
    expect(roundText('-1.005', 2)).toBe('-1.01');
    expect(roundText('0.125', 2)).toBe('0.13');
    expect(roundText('123456789012345.123456785', 8)).toBe('123456789012345.12345679');
    expect(roundText('2', 3)).toBe('2.000');
    expect(roundText('-0.001', 2)).toBe('0.00');
  });

  it('carries through nines into a new leading digit, and handles integers and leading zeros', () => {
    expect(roundText('9.995', 2)).toBe('10.00');
    expect(roundText('-99.5', 0)).toBe('-100');
    expect(roundText('0.96', 1)).toBe('1.0');
    expect(roundText('0.0049', 2)).toBe('0.00');
    expect(roundText('007.25', 1)).toBe('7.3');
    expect(roundText('12', 0)).toBe('12');
    expect(roundText('12.4', 0)).toBe('12');
    expect(roundText('-0.5', 0)).toBe('-1');
    expect(roundText('123456789012345678901234567890.125', 2)).toBe('123456789012345678901234567890.13');
  });

  it('is the rule halfUp (decimal.ts) and money() (trade-maths.ts) apply: one rule, three representations', () => {
    for (const text of ['1.0000005', '-1.0000005', '2.4999994', '0.0000015', '-0.0000004', '123456.7654325'])
      expect([fixed(text, MONEY_PLACES), money(dec(text)).toFixed(MONEY_PLACES)]).toEqual([
        roundText(text, MONEY_PLACES),
        roundText(text, MONEY_PLACES),
      ]);
    expect(halfUp(dec('2.5'), 0).toFixed()).toBe(roundText('2.5', 0));
    expect(halfUp(dec('-2.5'), 0).toFixed()).toBe(roundText('-2.5', 0));
  });

  it('agrees with decimal.js half-up on many random values', () => {
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 2000; i++) {
      const int = next() % 5 === 0 ? '9'.repeat(1 + (next() % 4)) : String(next() % 100000);
      const frac =
        next() % 4 === 0
          ? '9'.repeat(1 + (next() % 8))
          : String(next())
              .padStart(10, '0')
              .slice(0, 1 + (next() % 9));
      const text = next() % 10 === 0 ? int : `${next() % 3 === 0 ? '-' : ''}${int}.${frac}`;
      const places = next() % 7;
      const expected = fixed(text, places);
      expect(roundText(text, places), text).toBe(
        expected.startsWith('-') && /^-0\.?0*$/.test(expected) ? expected.slice(1) : expected,
      );
    }
  });
});
