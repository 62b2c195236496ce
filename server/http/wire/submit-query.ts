// Translated once into the glossary's words (docs/glossary.md): the engine never reads the wire's names.
import { orderTypeOf, sideOf } from '../../../domain/trade-maths.ts';
import type { SubmitInput } from '../../engine/submit-order.ts';

export interface SubmitQuery {
  type: number; // 1 buy (long), 2 sell (short)
  cont: string; // lots
  status: number; // 1 market, 0 pending
  target_price?: string;
  stop_loss_price?: string;
  target_profit_price?: string;
  multiple?: number; // leverage; 0 in fixed-margin mode
  expire?: string;
}

export function submitInputOf(q: SubmitQuery): SubmitInput {
  return {
    side: sideOf(Number(q.type)),
    lots: q.cont,
    status: Number(q.status),
    targetPrice: q.target_price ?? '0',
    stopLossPrice: q.stop_loss_price ?? '0',
    takeProfitPrice: q.target_profit_price ?? '0',
    leverage: q.multiple ?? 0,
    expire: q.expire,
  };
}

/** Under the wire's names: a key claimed before an upgrade must still match its retry (order_idempotency.params). */
export function submitQueryOf(input: SubmitInput): Record<string, string | number | undefined> {
  return {
    type: orderTypeOf(input.side),
    cont: input.lots,
    status: input.status,
    target_price: input.targetPrice,
    stop_loss_price: input.stopLossPrice,
    target_profit_price: input.takeProfitPrice,
    multiple: input.leverage,
    expire: input.expire,
  };
}
