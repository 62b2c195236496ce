import type { ContractSpec, Side } from '../../domain/trade-maths.ts';
import type { CloseReason, OrderStatus } from '../../domain/types.ts';
import type { Lots, Price, Usd } from '../../domain/units.ts';

/** docs/contract.md §3, read from the market engineer's catalog. */
export interface EngineInstrument {
  id: number;
  code: string;
  showCode: string;
  pricePrecision: number;
  pip: string; // lot step
  minLots: string; // ForexMinCont
  multiples: number[]; // HasForexMultiple values
  spec: ContractSpec; // MarginMode, ForexContNum, ForexFeeRate
  tradable?: boolean; // false: disabled in the catalog, existing orders only
}

/** Decimals as exact strings, times as ms epoch. */
export interface OrderRow {
  id: number;
  userId: number;
  instrumentId: number;
  orderType: 1 | 2; // 1 buy up, 2 buy low (sell)
  quantity: string;
  leverage: number; // 0 in fixed-margin mode
  price: string; // fill price; the target price while pending
  originPrice: string; // market price when submitted
  updatePrice: string; // price of the last change (fill, edit, close)
  factProfits: string; // realised P&L once closed
  margin: string;
  tradeFee: string;
  targetLossPrice: string; // "0" = none
  targetProfitPrice: string; // "0" = none
  trailDistance: string; // "0" = none; otherwise the stop-loss follows the best price at this distance
  status: OrderStatus;
  closeReason: CloseReason | '';
  createdAt: number;
  filledAt: number | null;
  completedAt: number | null;
  /** ms epoch; 0 = good till cancelled. */
  expiresAt?: number;
  /** The sum of the rollover charges booked on this position (docs/trading.md "Swaps"). */
  swap?: string;
}

/** Parsed once, compared on every tick. */
export interface OpenOrder {
  id: number;
  userId: number;
  instrumentId: number;
  side: Side;
  status: 0 | 1;
  quantity: Lots;
  price: Price; // fill price (holding) or target price (pending)
  originPrice: Price;
  margin: Usd;
  stopProfit: Price | null;
  stopLoss: Price | null;
  /** Holding only. */
  trailDistance: Price | null;
}

/** Booked only once every rule passed. */
export interface SubmitPlan {
  orderType: 1 | 2;
  side: Side;
  status: 0 | 1;
  quantity: Lots;
  leverage: number; // 0 in fixed-margin mode
  price: Price; // open price (market) or target price (pending)
  originPrice: Price; // the current price at submit
  margin: Usd;
  fee: Usd;
  stopProfit: Price | null;
  stopLoss: Price | null;
}
