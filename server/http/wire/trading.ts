import type { Category, Instrument, KlineBar, Order, OrderList } from '../../../domain/types.ts';
import type { CloseAllItem } from '../../../domain/close-scope.ts';
import { bool, decimal, enumOf, integer, listOf, listShape, nullable, number, shape, text } from '../wire-schema.ts';

const QUOTATION = shape<Instrument['ForexQuotations']>('ForexQuotation', {
  Open: decimal,
  Close: decimal,
  Change: decimal,
  High: decimal,
  Low: decimal,
  Time: integer,
});

export const INSTRUMENTS = listShape<Instrument>('Instrument', {
  Id: integer,
  Code: text,
  ShowCode: text,
  Logo: text,
  CategoryId: integer,
  MarketStatus: enumOf(0, 1),
  PricePrecision: integer,
  Pip: decimal,
  ForexMinCont: decimal,
  ForexContNum: decimal,
  MarginMode: integer,
  HasForexMultiple: listShape<Instrument['HasForexMultiple'][number]>('Multiplier', { Value: integer }),
  ForexFeeRate: decimal,
  ForexQuotations: QUOTATION,
});

export const CATEGORIES = listShape<Category>('Category', { Id: integer, NameShowTrans: text });

export const KLINE_BAR = shape<KlineBar>('KlineBar', {
  Time: { type: 'integer', description: 'bar open, epoch seconds' },
  Open: number,
  High: number,
  Low: number,
  Close: number,
  Volume: number,
});

export const KLINE_BARS = listOf(KLINE_BAR);

export const SPARKLINES = {
  title: 'Sparklines',
  type: 'object',
  description: 'instrument code → recent closing prices',
  additionalProperties: listOf(number),
};

export const ORDER = shape<Order>(
  'Order',
  {
    Id: integer,
    ForexId: integer,
    ForexTradeLists: shape<Order['ForexTradeLists']>('OrderInstrument', {
      ShowCode: text,
      Code: text,
      PricePrecision: integer,
    }),
    OrderType: { type: 'integer', description: '1 buy (up), otherwise sell (down)' },
    Quantity: decimal,
    Multiple: integer,
    Price: decimal,
    OriginPrice: decimal,
    UpdatePrice: decimal,
    FactProfits: decimal,
    CautionMoney: decimal,
    TradeFee: decimal,
    TargetLossPrice: decimal,
    TargetProfitPrice: decimal,
    TrailDistance: {
      ...decimal,
      description: 'trailing-stop distance, "0" = none; while set TargetLossPrice is the trailing stop',
    },
    Status: { enum: [0, 1, 3], description: '0 pending, 1 holding, 3 closed' },
    CloseReason: enumOf('', 'user', 'stop_profit', 'stop_loss', 'stop_out', 'cancel', 'expired'),
    CreateTimeHandler: text,
    CompleteTimeHandler: text,
    ExpireTimeHandler: { ...text, description: 'a pending order\'s expiry (UTC ISO), "" = good till cancelled' },
    Swap: { ...decimal, description: 'accrued swap of the position, 6 decimals, negative = charged' },
  },
  ['TrailDistance', 'ExpireTimeHandler', 'Swap'],
);

/** Each position's closed order or the errors.* key of its refusal. */
export const CLOSE_ALL = shape<{ results: CloseAllItem[] }>('CloseAllResult', {
  results: listShape<CloseAllItem>('CloseAllItem', {
    Id: integer,
    ok: bool,
    order: nullable(ORDER),
    error: text,
  }),
});

export const ORDER_LIST = shape<OrderList>('OrderList', {
  data: listOf(ORDER),
  total: integer,
  all_fact_profits: decimal,
  balance: decimal,
});
