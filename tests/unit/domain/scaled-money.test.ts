// The scaled-integer money path against the decimal reference (domain/trade-maths.ts), digit for digit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProjectDecimal, dec } from '../../../domain/decimal.ts';
import { positionPnl, ratioText } from '../../../domain/trade-maths.ts';
import { moneyText } from '../../../domain/format/money-text.ts';
import { parseScaled } from '../../../domain/numerics/parse.ts';
import { scaledText } from '../../../domain/numerics/scale.ts';
import { microsText, pnlMicros, ratioOf, scaledPosition } from '../../../domain/scaled-money.ts';
import { divRound } from '../../../domain/numerics/round.ts';
import { lots, price } from '../../../domain/units.ts';
import { instrument } from '../../fixtures/instruments.ts';

const text = (maxDigits: number, maxPlaces: number, signed = false): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.bigInt({ min: signed ? -(10n ** BigInt(maxDigits)) : 1n, max: 10n ** BigInt(maxDigits) }),
      fc.integer({ min: 0, max: maxPlaces }),
    )
    .map(([u, p]) => scaledText(u, p));

describe('scaled money', () => {
  it('parses and prints decimal text exactly', () => {
    expect(parseScaled('-12.3400')).toEqual({ units: -123400n, places: 4 });
    expect(scaledText(-1500n, 6)).toBe('-0.001500');
    expect(scaledText(5n, 0)).toBe('5');
    expect(microsText(0n)).toBe('0.000000');
  });

  it('divRound rounds half away from zero, like decimal.js ROUND_HALF_UP', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.boolean(),
        (a, b, neg) => {
          const divisor = neg ? -b : b;
          const ref = new ProjectDecimal(a.toString())
            .div(divisor.toString())
            .toDecimalPlaces(0, ProjectDecimal.ROUND_HALF_UP)
            .toFixed();
          expect(divRound(a, divisor).toString()).toBe(ref === '-0' ? '0' : ref);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('pnlMicros equals positionPnl for any side, lots, units per lot and prices', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        text(7, 4),
        text(7, 3),
        text(9, 6),
        text(9, 8),
        (side, qty, cont, open, current) => {
          const spec = instrument('X', 1, { ForexContNum: cont });
          const ref = moneyText(positionPnl(spec, side, lots(qty), price(open), price(current)));
          expect(microsText(pnlMicros(scaledPosition(side, qty, cont, open), current))).toBe(ref);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('ratioOf equals the decimal ratio at 4 places', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        (a, b) => {
          expect(ratioOf(a, b)).toBe(ratioText(dec(a.toString()).div(b.toString())));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('no negative zero', () => {
  it('a loss that rounds to nothing prints as 0 on both paths', () => {
    const spec = instrument('X', 1, { ForexContNum: '1' });
    expect(moneyText(positionPnl(spec, 'buy', lots('0.01'), price('1.00001'), price('1.00000')))).toBe('0.000000');
    expect(microsText(pnlMicros(scaledPosition('buy', '0.01', '1', '1.00001'), '1.00000'))).toBe('0.000000');
    expect(ratioText(dec(-1).div(20001))).toBe('0.0000');
  });
});
