// @vitest-environment node
// A stored order row on the wire (docs/contract.md §3 Order): precision, 6-decimal money, floating P&L for holding orders; and
// the trigger index that a tick reads.
import { describe, expect, it } from 'vitest';
import { OrderBook } from '../../../../server/engine/order-book.ts';
import { toWireOrder } from '../../../../server/engine/order-wire.ts';
import type { EngineInstrument, OrderRow } from '../../../../server/engine/types.ts';
import { price } from '../../../../domain/units.ts';

const eur: EngineInstrument = {
  id: 1,
  code: 'EURUSD',
  showCode: 'EUR/USD',
  pricePrecision: 5,
  pip: '0.01',
  minLots: '0.01',
  multiples: [100],
  spec: { MarginMode: 2, ForexContNum: '100000', ForexFeeRate: '0.002' },
};
const row: OrderRow = {
  id: 7,
  userId: 3,
  instrumentId: 1,
  orderType: 2,
  quantity: '0.30000000',
  leverage: 100,
  price: '1.0850000',
  originPrice: '1.085',
  updatePrice: '1.085',
  factProfits: '0',
  margin: '325.50000000',
  tradeFee: '0.65100000',
  targetLossPrice: '1.09',
  targetProfitPrice: '0',
  trailDistance: '0',
  status: 1,
  closeReason: '',
  createdAt: Date.UTC(2026, 0, 6, 12),
  filledAt: Date.UTC(2026, 0, 6, 12),
  completedAt: null,
};

describe('toWireOrder', () => {
  it('holding: floating P&L at the live price, prices at the instrument precision', () => {
    const o = toWireOrder(row, eur, price('1.08437'));
    expect(o).toMatchObject({
      Id: 7,
      OrderType: 2,
      Quantity: '0.3',
      Price: '1.08500',
      OriginPrice: '1.08500',
      UpdatePrice: '1.08437',
      FactProfits: '18.900000', // sell: (1.085 − 1.08437) × 0.3 × 100000
      CautionMoney: '325.500000',
      TradeFee: '0.651000',
      TargetLossPrice: '1.09000',
      TargetProfitPrice: '0',
      CreateTimeHandler: '2026-01-06T12:00:00.000Z',
      CompleteTimeHandler: '',
      CloseReason: '',
    });
    expect(o.ForexTradeLists).toEqual({ ShowCode: 'EUR/USD', Code: 'EURUSD', PricePrecision: 5 });
  });
  it('holding without a live quote: P&L at the last known price', () => {
    expect(toWireOrder({ ...row, updatePrice: '1.08600' }, eur, null).FactProfits).toBe('-30.000000');
  });
  it('closed: the realised P&L and close price, whatever the market does now', () => {
    const closed = {
      ...row,
      status: 3 as const,
      factProfits: '-12.34',
      updatePrice: '1.0891133',
      closeReason: 'stop_loss' as const,
      completedAt: Date.UTC(2026, 0, 6, 13),
    };
    const o = toWireOrder(closed, eur, price('1.2'));
    expect(o).toMatchObject({
      FactProfits: '-12.340000',
      UpdatePrice: '1.08911',
      CloseReason: 'stop_loss',
      CompleteTimeHandler: '2026-01-06T13:00:00.000Z',
    });
  });
  it('pending: no P&L yet', () => {
    expect(toWireOrder({ ...row, status: 0 }, eur, price('1.2')).FactProfits).toBe('0.000000');
  });
});

describe('OrderBook', () => {
  it('indexes open orders by instrument and user, and drops closed ones', () => {
    const book = new OrderBook();
    book.apply(row);
    book.apply({ ...row, id: 8, instrumentId: 2, status: 0 });
    book.apply({ ...row, id: 9, userId: 4 });
    expect(
      book
        .forInstrument(1)
        .map((o) => o.id)
        .sort(),
    ).toEqual([7, 9]);
    expect(
      book
        .forUser(3)
        .map((o) => o.id)
        .sort(),
    ).toEqual([7, 8]);
    expect(book.get(7)?.stopLoss?.toString()).toBe('1.09');
    expect(book.get(7)?.stopProfit).toBeNull();
    book.apply({ ...row, status: 3 });
    expect(book.get(7)).toBeUndefined();
    expect(book.forInstrument(1).map((o) => o.id)).toEqual([9]);
    book.remove(8);
    expect(book.forUser(3)).toEqual([]);
    expect(book.users()).toEqual([4]);
    expect(book.size).toBe(1);
  });
});
