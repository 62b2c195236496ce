// "My copies" tells each change of a copy's positions between two polls: an open, a partial close with the lots
// closed, a close; nothing at the first poll.
import { describe, expect, it } from 'vitest';
import type { CopyItem, CopyPosition } from '../../../../../domain/copy-types.ts';
import { copyEvents } from '../../../../../src/pages/copy/my-copies.tsx';

const pos = (id: number, lots: string): CopyPosition => ({
  id,
  code: 'EUR/USD',
  side: 1,
  lots,
  price: '1.1',
  provider_price: '1.1',
});
const copy = (open: CopyPosition[]): CopyItem => ({
  id: 7,
  provider_id: 3,
  provider_name: 'Pro',
  status: 1,
  multiplier: '1.0',
  stop_loss_percent: 40,
  invested: '1000.00',
  equity: '1000.00',
  pnl: '0.00',
  fees_paid: '0.00',
  positions: open.length,
  end_reason: '',
  open_positions: open,
});

describe('copyEvents', () => {
  it('tells nothing at the first poll', () => {
    expect(copyEvents(null, [copy([pos(1, '0.5')])])).toEqual([]);
  });

  it('tells an open, a partial close by the lots closed, and a close', () => {
    const base = { provider: 'Pro', code: 'EUR/USD' };
    expect(copyEvents([copy([])], [copy([pos(1, '0.5')])])).toEqual([{ ...base, kind: 'opened', lots: '0.5' }]);
    expect(copyEvents([copy([pos(1, '0.5')])], [copy([pos(1, '0.2')])])).toEqual([
      { ...base, kind: 'reduced', lots: '0.3' },
    ]);
    expect(copyEvents([copy([pos(1, '0.2')])], [copy([])])).toEqual([{ ...base, kind: 'closed', lots: '0.2' }]);
    expect(copyEvents([copy([pos(1, '0.2')])], [copy([pos(1, '0.2')])])).toEqual([]);
  });
});
