// The spread in points: exact at the instrument's precision, '' without both prices.
import { describe, expect, it } from 'vitest';
import { spreadPoints } from '../../../../domain/format/spread.ts';
import { offeredMultiples, scoreAnswers } from '../../../../domain/retail.ts';

describe('spreadPoints', () => {
  it.each([
    ['1.08412', '1.08427', 5, '15'],
    ['151.500', '151.520', 3, '20'],
    ['67250.00', '67250.00', 2, '0'],
    ['18150.0', '18151.5', 1, '15'],
    ['0.52', '0.5201', 5, '10'],
  ])('%s / %s at %i decimals is %s points', (bid, ask, precision, points) => {
    expect(spreadPoints(bid, ask, precision)).toBe(points);
  });

  it('is empty without both prices', () => {
    expect(spreadPoints('', '1.1', 5)).toBe('');
    expect(spreadPoints('1.1', 'x', 5)).toBe('');
  });
});

describe('retail rules', () => {
  it('offers the multiples under the cap, the cap as the top rung', () => {
    expect(offeredMultiples([10, 20, 50, 100, 200], 30)).toEqual([10, 20, 30]);
    expect(offeredMultiples([10, 20, 50], 20)).toEqual([10, 20]);
    expect(offeredMultiples([10, 20, 50, 100], 2)).toEqual([2]);
    expect(offeredMultiples([], 30)).toEqual([]);
    expect(offeredMultiples([10, 20], null)).toEqual([10, 20]);
  });

  it('scores a full set of known answers, refuses anything else', () => {
    expect(scoreAnswers({ leverage: 'both', margin: 'deposit', stop_out: 'closed', experience: 'frequent' })).toBe(4);
    expect(scoreAnswers({ leverage: 'none', margin: 'deposit', stop_out: 'closed', experience: 'some' })).toBe(2);
    expect(scoreAnswers({ leverage: 'both', margin: 'deposit', stop_out: 'closed' })).toBeNull();
    expect(scoreAnswers({ leverage: 'both', margin: 'deposit', stop_out: 'closed', experience: 'lots' })).toBeNull();
  });
});
