// The chart's trailing-stop lines come from the holding positions of the shown instrument that trail.
import { describe, expect, it } from 'vitest';
import type { AppOrder } from '../../../../domain/types.ts';
import { trailingStopLines } from '../../../../src/chart/chart-orders.tsx';

const order = (over: Partial<AppOrder>): AppOrder => ({
  Id: 1,
  instrumentId: 5,
  instrument: { ShowCode: 'EUR/USD', Code: 'EURUSD', PricePrecision: 5 },
  OrderType: 1,
  Quantity: '1',
  leverage: 100,
  Price: '1.10000',
  OriginPrice: '1.10000',
  UpdatePrice: '1.10000',
  FactProfits: '0',
  margin: '1100',
  TradeFee: '1.1',
  TargetLossPrice: '1.09800',
  TargetProfitPrice: '0',
  TrailDistance: '0.00200',
  Status: 1,
  CloseReason: '',
  CreateTimeHandler: '',
  CompleteTimeHandler: '',
  ...over,
});

describe('trailing stop lines', () => {
  it('one line per trailing position of the instrument; fixed stops, other instruments and old answers draw none', () => {
    const held = [
      order({ Id: 1 }),
      order({ Id: 2, TrailDistance: '0' }), // a fixed stop-loss
      order({ Id: 3, instrumentId: 6 }), // another instrument
      order({ Id: 4, TrailDistance: undefined }), // an answer from before trailing stops
      order({ Id: 5, OrderType: 2, TargetLossPrice: '1.10300', TrailDistance: '0.003' }),
    ];
    expect(trailingStopLines(held, 5, 'T')).toEqual([
      { id: 1, price: 1.098, priceText: '1.09800', title: 'T' },
      { id: 5, price: 1.103, priceText: '1.10300', title: 'T' },
    ]);
  });
});
