// The Copy tab's sort (highest return, smallest drawdown or most copiers first, ties by most copiers) and the
// equity curve's points.
import { describe, expect, it } from 'vitest';
import type { CopyProvider } from '../../../../../domain/copy-types.ts';
import { sortProviders } from '../../../../../src/pages/copy/copy-page.tsx';
import { curvePoints } from '../../../../../src/pages/copy/copy-facts.tsx';

const p = (id: number, ret: string, dd: string, copiers: number): CopyProvider => ({
  provider_id: id,
  name: `P${id}`,
  description: '',
  fee_percent: 10,
  min_amount: '100.00',
  copiers,
  is_demo: 1,
  return_30d: ret,
  return_all: ret,
  max_drawdown: dd,
  win_rate: '50.00',
  trades: 3,
  days: 10,
  curve: [],
  risk_score: 1,
});

describe('sortProviders', () => {
  const list = [p(1, '5.00', '10.00', 2), p(2, '12.50', '30.00', 1), p(3, '-3.00', '2.00', 9), p(4, '5.00', '1.00', 7)];
  const ids = (by: Parameters<typeof sortProviders>[1]) => sortProviders(list, by).map((x) => x.provider_id);

  it('orders by return, drawdown or copiers', () => {
    expect(ids('return')).toEqual([2, 4, 1, 3]);
    expect(ids('drawdown')).toEqual([4, 3, 1, 2]);
    expect(ids('copiers')).toEqual([3, 4, 1, 2]);
  });
});

describe('curvePoints', () => {
  it('spans the box from the lowest to the highest value, flat in the middle when all are equal', () => {
    expect(curvePoints([1, 1.5, 0.5])).toBe('0,16 50,0 100,32');
    expect(curvePoints([1, 1])).toBe('0,16 100,16');
  });
});
