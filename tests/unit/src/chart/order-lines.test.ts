// Which lines the chart draws for the trader's orders (docs/screens.md "Positions and orders on the chart"), and the
// set_stop_price query a dragged stop sends.
import { describe, expect, it } from 'vitest';
import { appOrder } from '../../../fixtures/orders.ts';
import { chartOrderLines, movedStopParams, orderLinesMark } from '../../../../src/chart/order-lines.ts';

const held = appOrder({
  Id: 7,
  instrumentId: 1,
  OrderType: 1,
  Status: 1,
  Price: '1.08500',
  TargetProfitPrice: '1.09000',
  TargetLossPrice: '1.08000',
});
const short = appOrder({
  Id: 9,
  instrumentId: 1,
  OrderType: 2,
  Status: 1,
  Price: '1.08600',
  TargetProfitPrice: '0',
  TargetLossPrice: '0',
});
const other = appOrder({ Id: 8, instrumentId: 2, Status: 1, Price: '151.000', TargetProfitPrice: '152.000' });
const pending = appOrder({ Id: 11, instrumentId: 1, OrderType: 1, Status: 0, Price: '1.08000' });

describe('chartOrderLines', () => {
  it('draws each position of the instrument at its entry with its stops, then each pending order', () => {
    const lines = chartOrderLines([short, other, held], [pending], 1);
    expect(orderLinesMark(lines)).toBe('7:entry=1.08500 7:tp=1.09000 7:sl=1.08000 9:entry=1.08600 11:pending=1.08000');
    expect(lines.map((l) => [l.key, l.side, l.movable])).toEqual([
      ['7:entry', 1, false],
      ['7:tp', 1, true],
      ['7:sl', 1, true],
      ['9:entry', 2, false],
      ['11:pending', 1, true], // a pending order's target drags too (set_pending_price),
    ]);
  });

  it('a trailing stop-loss is drawn but not dragged: it moves by itself', () => {
    const trailing = { ...held, TrailDistance: '0.00050' };
    const sl = chartOrderLines([trailing], [], 1).find((l) => l.role === 'sl');
    expect(sl).toMatchObject({ trailing: true, movable: false, priceText: '1.08000' });
  });

  it('nothing for another instrument, a closed order, or a stop that is not set', () => {
    expect(chartOrderLines([other], [], 1)).toEqual([]);
    expect(chartOrderLines([{ ...held, Status: 3 }], [{ ...pending, Status: 3 }], 1)).toEqual([]);
    expect(chartOrderLines([short], [], 1).map((l) => l.role)).toEqual(['entry']);
  });
});

describe('movedStopParams', () => {
  it('sends the moved stop and keeps the other one and the trailing distance', () => {
    expect(movedStopParams(held, 'tp', '1.09100')).toEqual({
      id: 7,
      target_profit_price: '1.09100',
      stop_loss_price: '1.08000',
      trail_distance: '0',
    });
    expect(movedStopParams({ ...held, TargetProfitPrice: '0' }, 'sl', '1.08100')).toEqual({
      id: 7,
      target_profit_price: '0',
      stop_loss_price: '1.08100',
      trail_distance: '0',
    });
  });
});
