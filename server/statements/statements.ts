// The two CSV statements, page by page for streaming; money is the API's exact decimal text, never a float.
import { exactMoneyText, moneyText } from '../../domain/format/money-text.ts';
import { priceText } from '../../domain/format/price.ts';
import type { Language } from '../../domain/types.ts';
import { wireTime } from '../../domain/wire-time.ts';
import type { Queryable } from '../db/db.ts';
import { translate } from '../http/i18n.ts';
import { recordText } from '../ledger/record-types.ts';
import { BOM, cell, line, textCell } from './csv.ts';
import type { DayRange } from './date-range.ts';
import { closedOrdersAfter, recordsAfter, type StatementOrderRow } from './statement-repository.ts';
import { lotsText } from '../../domain/format/lots.ts';

export type StatementKind = 'records' | 'orders';

/** Small enough to keep memory flat, large enough that a year's statement is a few queries. */
export const STATEMENT_PAGE = 500;

const RECORD_COLUMNS = ['col_id', 'col_time', 'col_description', 'col_amount', 'col_balance'] as const;
const ORDER_COLUMNS = [
  'col_order',
  'col_instrument',
  'col_side',
  'col_lots',
  'col_open_price',
  'col_close_price',
  'col_margin',
  'col_fee',
  'col_pnl',
  'col_swap',
  'col_opened',
  'col_closed',
  'col_reason',
] as const;

function header(lang: Language, columns: readonly string[]): string {
  return BOM + line(columns.map((c) => textCell(translate(lang, `statement.${c}`))));
}

export async function* recordStatement(
  q: Queryable,
  userId: number,
  range: DayRange,
  lang: Language,
): AsyncGenerator<string> {
  yield header(lang, RECORD_COLUMNS);
  let after = '0';
  for (;;) {
    const rows = await recordsAfter(q, userId, range.startMs, range.endMs, after, STATEMENT_PAGE);
    let chunk = '';
    for (const r of rows) {
      chunk += line([
        cell(String(r.id)),
        cell(wireTime(r.created_at)),
        textCell(recordText(lang, Number(r.type), r.memo)),
        cell(exactMoneyText(r.value)),
        cell(exactMoneyText(r.balance_after)),
      ]);
    }
    if (chunk) yield chunk;
    const last = rows.at(-1);
    if (!last || rows.length < STATEMENT_PAGE) return;
    after = last.id;
  }
}

/** Words as the trade screen and the order sheet say them. */
function orderLine(o: StatementOrderRow, lang: Language): string {
  const p = Number(o.price_precision);
  const cancelled = o.close_reason === 'cancel';
  return line([
    cell(String(o.id)),
    textCell(o.show_code),
    textCell(translate(lang, Number(o.order_type) === 1 ? 'trade.buy_up' : 'trade.buy_low')),
    cell(lotsText(String(o.quantity), String(o.pip))),
    cell(priceText(o.price, p)),
    // A cancelled pending order never traded: it has no close price.
    cell(cancelled ? '' : priceText(o.update_price, p)),
    cell(moneyText(o.caution_money)),
    cell(moneyText(o.trade_fee)),
    cell(moneyText(o.fact_profits)),
    cell(moneyText(o.swap)),
    cell(wireTime(o.created_at)),
    cell(wireTime(o.completed_at)),
    textCell(o.close_reason ? translate(lang, `orders.reason_${o.close_reason}`) : ''),
  ]);
}

/** Oldest first. */
export async function* orderStatement(
  q: Queryable,
  userId: number,
  range: DayRange,
  lang: Language,
): AsyncGenerator<string> {
  yield header(lang, ORDER_COLUMNS);
  let after = { ms: '0', id: 0 };
  for (;;) {
    const rows = await closedOrdersAfter(q, userId, range.startMs, range.endMs, after, STATEMENT_PAGE);
    const chunk = rows.map((o) => orderLine(o, lang)).join('');
    if (chunk) yield chunk;
    const last = rows.at(-1);
    if (!last || rows.length < STATEMENT_PAGE) return;
    after = { ms: last.completed_at, id: Number(last.id) };
  }
}

export const statementOf = { records: recordStatement, orders: orderStatement } as const;
