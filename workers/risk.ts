// Previews and live account figures through the server's own functions (domain/trade-maths.ts), as decimal strings.
import { dec, isDecimalText } from '../domain/decimal.ts';
import { FIXED_MARGIN_MODE, orderAmounts, positionPnl, sideOf, type ContractSpec } from '../domain/trade-maths.ts';
import { parseScaled } from '../domain/numerics/parse.ts';
import { ACCOUNT_PLACES, MONEY_PLACES, MONEY_TO_ACCOUNT } from '../domain/numerics/places.ts';
import { roundTo } from '../domain/numerics/scale.ts';
import { moneyText } from '../domain/format/money-text.ts';
import { pendingKind, pipsBetween } from '../domain/order-rules.ts';
import {
  microsText,
  pnlMicros,
  ratioOf,
  scaledPosition,
  stopOutMicros,
  type ScaledPosition,
} from '../domain/scaled-money.ts';
import { lots, price } from '../domain/units.ts';
import type { Instrument, AppOrder } from '../domain/types.ts';
import type { AccountUpdate, OrderPreview, OrderPreviewInput, PositionFigure } from './protocol.ts';

const positive = (v: string | null | undefined): v is string => isDecimalText(v) && dec(v).gt(0);

function refuse(reason: string): OrderPreview {
  return {
    ok: false,
    reason,
    price: '',
    margin: '',
    fee: '',
    pnlAtStopProfit: null,
    pnlAtStopLoss: null,
    pipsToStopProfit: null,
    pipsToStopLoss: null,
    pendingKind: null,
  };
}

/** `reason` is an i18n key when the preview cannot be made. */
export function previewOrder(
  input: OrderPreviewInput,
  inst: Instrument | undefined,
  currentClose: string | null,
  tradeFeeType: number,
  /** Close is then the bid; absent or null: one price. */
  currentAsk: string | null = currentClose,
): OrderPreview {
  // The server's side rules (docs/trading.md "Bid and ask"): a buy opens at the ask, a sell at the bid.
  const side = sideOf(input.orderType);
  const openSide = side === 'buy' ? (currentAsk ?? currentClose) : currentClose;
  if (!inst) return refuse('errors.not_found');
  if (!positive(input.quantity)) return refuse('trade.lots_invalid');
  const leveraged = inst.MarginMode !== FIXED_MARGIN_MODE;
  // Which multiples the account may pick is the form's (retail caps, offeredLeverage); here only that there is one.
  if (leveraged && !(Number.isInteger(input.leverage) && input.leverage > 0)) return refuse('trade.leverage_required');
  let at: string;
  if (input.atPrice !== null) {
    if (!positive(input.atPrice)) return refuse('errors.price_required');
    at = input.atPrice;
  } else {
    if (!positive(openSide)) return refuse('trade.no_price');
    at = openSide;
  }
  const spec: ContractSpec = inst;
  const qty = lots(input.quantity);
  const openAt = price(at);
  // The server's rule, to the digit: fee from the rounded margin.
  const { margin: m, fee: f } = orderAmounts(spec, qty, openAt, leveraged ? input.leverage : 0, tradeFeeType);
  if (m.lte(0)) return refuse('trade.lots_invalid'); // a margin that rounds to nothing: the server refuses it too
  const pnlAtStop = (target: string | null): string | null =>
    positive(target) ? moneyText(positionPnl(spec, side, qty, openAt, price(target))) : null;
  return {
    ok: true,
    reason: null,
    price: at,
    margin: moneyText(m),
    fee: moneyText(f),
    pnlAtStopProfit: pnlAtStop(input.stopProfit),
    pnlAtStopLoss: pnlAtStop(input.stopLoss),
    pipsToStopProfit: positive(input.stopProfit) ? pipsBetween(at, input.stopProfit, inst.PricePrecision) : null,
    pipsToStopLoss: positive(input.stopLoss) ? pipsBetween(at, input.stopLoss, inst.PricePrecision) : null,
    pendingKind: input.atPrice !== null && positive(openSide) ? pendingKind(side, input.atPrice, openSide) : null,
  };
}

interface Holding {
  id: number;
  code: string;
  /** Its closing side: a sell is marked at the ask, a buy at the bid. */
  sell: boolean;
  position: ScaledPosition;
  margin: bigint; // 10^-8 USD
  current: string;
  pnl: bigint; // micro-USD
  figure: PositionFigure; // reused while the price stands: no new texts per quote
}

const accountUnits = (text: string): bigint =>
  roundTo(parseScaled(text).units, parseScaled(text).places, ACCOUNT_PLACES);

function figureOf(h: Holding): PositionFigure {
  const net = h.margin + h.pnl * MONEY_TO_ACCOUNT;
  return {
    Id: h.id,
    current: h.current,
    pnl: microsText(h.pnl),
    netValue: microsText(roundTo(net, ACCOUNT_PLACES, MONEY_PLACES)),
    riskRate: h.margin > 0n ? ratioOf(net, h.margin) : null,
  };
}

/** A quote only marks its instrument; `take()`, once per frame, recomputes those on scaled integers. */
export class RiskBook {
  private holdings: Holding[] = [];
  private byCode = new Map<string, Holding[]>();
  private balance = 0n; // 10^-8 USD
  private lockBalance = 0n;
  private marked = new Set<string>();
  private latest = new Map<string, string>();
  private latestAsk = new Map<string, string>();
  private changed = false;

  /** Only holding orders (Status 1) move with quotes. */
  setPositions(
    orders: readonly AppOrder[],
    balance: string,
    lockBalance: string,
    specOf: (o: AppOrder) => Instrument | undefined,
    closeOf: (code: string) => string | null,
    /** closeOf is then the bid; default: one price. */
    askOf: (code: string) => string | null = closeOf,
  ): void {
    this.holdings = [];
    this.byCode.clear();
    this.latest.clear();
    this.latestAsk.clear();
    this.marked.clear();
    this.balance = accountUnits(isDecimalText(balance) ? balance : '0');
    this.lockBalance = accountUnits(isDecimalText(lockBalance) ? lockBalance : '0');
    for (const o of orders) {
      if (o.Status !== 1) continue;
      const inst = specOf(o);
      if (!inst || !isDecimalText(o.Quantity) || !isDecimalText(o.Price) || !isDecimalText(inst.ForexContNum)) continue;
      const code = inst.Code;
      const sell = sideOf(o.OrderType) === 'sell';
      const current = (sell ? askOf(code) : closeOf(code)) ?? (isDecimalText(o.UpdatePrice) ? o.UpdatePrice : o.Price);
      const position = scaledPosition(sideOf(o.OrderType), o.Quantity, inst.ForexContNum, o.Price);
      const margin = accountUnits(isDecimalText(o.margin) ? o.margin : '0');
      const pnl = pnlMicros(position, current);
      const h: Holding = {
        id: o.Id,
        code,
        sell,
        position,
        margin,
        current,
        pnl,
        figure: { Id: o.Id, current, pnl: '', netValue: '', riskRate: null },
      };
      h.figure = figureOf(h);
      this.holdings.push(h);
      const list = this.byCode.get(code);
      if (list) list.push(h);
      else this.byCode.set(code, [h]);
    }
    this.changed = true;
  }

  /** True when a held position is affected, so the frame carries an account update. */
  onQuote(code: string, close: string, ask: string = close): boolean {
    if (!this.byCode.has(code) || !isDecimalText(close)) return false;
    this.latest.set(code, close);
    this.latestAsk.set(code, isDecimalText(ask) ? ask : close);
    this.marked.add(code);
    this.changed = true;
    return true;
  }

  /** null when nothing changed. */
  take(): AccountUpdate | null {
    if (!this.changed) return null;
    this.changed = false;
    for (const code of this.marked) {
      const bid = this.latest.get(code);
      const list = this.byCode.get(code);
      if (bid === undefined || !list) continue;
      const ask = this.latestAsk.get(code) ?? bid;
      for (const h of list) {
        const close = h.sell ? ask : bid;
        if (h.current === close) continue;
        h.current = close;
        h.pnl = pnlMicros(h.position, close);
        h.figure = figureOf(h);
      }
    }
    this.marked.clear();
    return this.snapshot();
  }

  snapshot(): AccountUpdate {
    // Rounded per position to the micro, then summed and equity rounded once: the server's order.
    let floating = 0n;
    for (const h of this.holdings) floating += h.pnl;
    const positions = this.holdings.map((h) => h.figure);
    const equity = this.balance + this.lockBalance + floating * MONEY_TO_ACCOUNT;
    const shown = roundTo(equity, ACCOUNT_PLACES, MONEY_PLACES);
    const held = this.lockBalance > 0n;
    return {
      positions,
      floating: microsText(floating),
      equity: microsText(shown),
      riskRate: held ? ratioOf(equity, this.lockBalance) : null,
      stopOutDistance: held ? microsText(stopOutMicros(shown, this.lockBalance)) : null,
    };
  }
}
