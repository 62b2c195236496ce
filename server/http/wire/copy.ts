import type { CopyItem, CopyPosition, CopyProvider, CopyProviderSelf } from '../../../domain/copy-types.ts';
import { decimal, enumOf, integer, listOf, listShape, shape, text } from '../wire-schema.ts';

export const COPY_PROVIDERS = listShape<CopyProvider>('CopyProvider', {
  provider_id: integer,
  name: text,
  description: text,
  fee_percent: integer,
  min_amount: decimal,
  copiers: integer,
  is_demo: enumOf(0, 1),
  return_30d: decimal,
  return_all: decimal,
  max_drawdown: decimal,
  win_rate: decimal,
  trades: integer,
  days: integer,
  curve: listOf(decimal),
  risk_score: integer,
});

export const COPY_ITEMS = listShape<CopyItem>('CopyItem', {
  id: integer,
  provider_id: integer,
  provider_name: text,
  status: enumOf(1, 2, 3),
  multiplier: decimal,
  stop_loss_percent: integer,
  invested: decimal,
  equity: decimal,
  pnl: decimal,
  fees_paid: decimal,
  positions: integer,
  end_reason: text,
  open_positions: listShape<CopyPosition>('CopyPosition', {
    id: integer,
    code: text,
    side: enumOf(1, 2),
    lots: decimal,
    price: decimal,
    provider_price: text,
  }),
});

export const COPY_PROVIDER_SELF = shape<CopyProviderSelf>('CopyProviderSelf', {
  published: enumOf(0, 1),
  name: text,
  description: text,
  fee_percent: integer,
  min_amount: decimal,
  is_demo: enumOf(0, 1),
  suspended: enumOf(0, 1),
  unpublished: enumOf(0, 1),
  copiers: integer,
  aum: decimal,
  fees_earned: decimal,
});

export const COPY_STARTED = shape<{ id: number }>('CopyStarted', { id: integer });
