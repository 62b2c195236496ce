// @vitest-environment node
// The feed worker's previews on two-sided prices (docs/trading.md "Bid and ask"): the same side rules as the server —
// a buy previewed at the ask, a sell at the bid, a pending order's kind judged on the side that fills it, a buy's
// floating P&L at the bid and a sell's at the ask — and the 1.5-pip EURUSD round trip the server books to the cent.
import { describe, expect, it } from 'vitest';
import { RiskBook, previewOrder } from '../../../workers/risk.ts';
import type { AppOrder } from '../../../domain/types.ts';
import type { OrderPreviewInput } from '../../../workers/protocol.ts';
import { instrument } from '../../fixtures/instruments.ts';
import { appOrder } from '../../fixtures/orders.ts';

// The catalog's EURUSD terms: 100000 units a lot, fee 0.002 of the margin (trade_fee_type 2).
const EURUSD = instrument('EURUSD', 1, {
  MarginMode: 2,
  ForexContNum: '100000',
  ForexFeeRate: '0.002',
  HasForexMultiple: [{ Value: 100 }],
});
const input = (over: Partial<OrderPreviewInput> = {}): OrderPreviewInput => ({
  code: 'EURUSD',
  orderType: 1,
  quantity: '1',
  leverage: 100,
  atPrice: null,
  stopProfit: null,
  stopLoss: null,
  ...over,
});
// A 1.5-pip mark-up around 1.10000: bid 1.09993, ask 1.10008 (the desk's fixed spread, docs/market-data.md).
const BID = '1.09993';
const ASK = '1.10008';

function held(over: Partial<AppOrder>): AppOrder {
  return appOrder({
    Id: 1,
    Status: 1,
    Quantity: '1',
    margin: '1100.08',
    ...over,
  } as Partial<AppOrder>);
}

describe('previews on two-sided prices', () => {
  it('a buy is previewed at the ask, a sell at the bid', () => {
    const b = previewOrder(input(), EURUSD, BID, 2, ASK);
    expect(b).toMatchObject({ ok: true, price: ASK, margin: '1100.080000', fee: '2.200160' });
    const s = previewOrder(input({ orderType: 2 }), EURUSD, BID, 2, ASK);
    expect(s).toMatchObject({ ok: true, price: BID, margin: '1099.930000', fee: '2.199860' });
  });

  it('without an ask it is one price, as before', () => {
    expect(previewOrder(input(), EURUSD, BID, 2).price).toBe(BID);
  });

  it("a pending order's kind is judged on the side that fills it", () => {
    // 1.10000 is below the ask (a buy limit) though above the bid.
    expect(previewOrder(input({ atPrice: '1.10000' }), EURUSD, BID, 2, ASK).pendingKind).toBe('limit');
    // …and for a sell, above the bid: a sell limit.
    expect(previewOrder(input({ orderType: 2, atPrice: '1.10000' }), EURUSD, BID, 2, ASK).pendingKind).toBe('limit');
  });

  it('the 1.5-pip round trip: bought at the ask, marked at the bid, it costs exactly the spread plus the fee', () => {
    const pv = previewOrder(input(), EURUSD, BID, 2, ASK);
    const book = new RiskBook();
    book.setPositions(
      [held({ OrderType: 1, Price: pv.price, margin: pv.margin })],
      '10000',
      pv.margin,
      () => EURUSD,
      () => BID,
      () => ASK,
    );
    const a = book.snapshot();
    expect(a.positions[0]).toMatchObject({ current: BID, pnl: '-15.000000' });
    // What an immediate close costs: −P&L + the fee = 15 + 2.20016 = 17.20016.
    expect(Number(a.floating) * -1 + Number(pv.fee)).toBeCloseTo(17.20016, 10);
  });

  it('a sell is marked at the ask, a buy at the bid, and each follows its own side on a new quote', () => {
    const book = new RiskBook();
    book.setPositions(
      [held({ Id: 1, OrderType: 1, Price: '1.10008' }), held({ Id: 2, OrderType: 2, Price: '1.09993' })],
      '10000',
      '2200',
      () => EURUSD,
      () => BID,
      () => ASK,
    );
    expect(book.snapshot().positions.map((p) => [p.current, p.pnl])).toEqual([
      [BID, '-15.000000'],
      [ASK, '-15.000000'],
    ]);
    book.onQuote('EURUSD', '1.10100', '1.10120');
    const after = book.take();
    expect(after?.positions.map((p) => [p.current, p.pnl])).toEqual([
      ['1.10100', '92.000000'],
      ['1.10120', '-127.000000'],
    ]);
    expect(after?.floating).toBe('-35.000000');
  });
});
