// Order previews and live account figures (pure): SPEC §9 margin, fee and P&L through src/domain/money.ts,
// the same functions the server uses as the authority. Results are decimal strings, never binary floats.
import { dec, isDecimalText } from '../src/domain/decimal.ts';
import {
  FIXED_MARGIN_MODE,
  equity,
  moneyText,
  netValue,
  orderAmounts,
  orderRiskRate,
  positionPnl,
  ratioText,
  riskRate,
  sideOf,
  sumMoney,
  type ContractSpec,
  type Side,
} from '../src/domain/money.ts';
import { lots, price, usd, type Lots, type Price, type Usd } from '../src/domain/units.ts';
import type { Instrument, Order } from '../src/domain/types.ts';
import type { AccountUpdate, OrderPreview, OrderPreviewInput, PositionFigure } from './protocol.ts';

const positive = (v: string | null | undefined): v is string => isDecimalText(v) && dec(v).gt(0);

function refuse(reason: string): OrderPreview {
  return { ok: false, reason, price: '', margin: '', fee: '', pnlAtStopProfit: null, pnlAtStopLoss: null };
}

/**
 * Margin at the current price (market order) or the target price (pending), fee per trade_fee_type, and the P&L the
 * position would have at its stop-profit and stop-loss. `reason` is an i18n key when the preview cannot be made.
 */
export function previewOrder(
  input: OrderPreviewInput,
  inst: Instrument | undefined,
  currentClose: string | null,
  tradeFeeType: number,
): OrderPreview {
  if (!inst) return refuse('errors.not_found');
  if (!positive(input.quantity)) return refuse('trade.lots_invalid');
  const leveraged = inst.MarginMode !== FIXED_MARGIN_MODE;
  if (leveraged) {
    if (inst.HasForexMultiple.length === 0) return refuse('errors.no_leverage');
    if (!inst.HasForexMultiple.some((m) => m.Value === input.multiple)) return refuse('trade.multiple_required');
  }
  let at: string;
  if (input.atPrice !== null) {
    if (!positive(input.atPrice)) return refuse('errors.price_required');
    at = input.atPrice;
  } else {
    if (!positive(currentClose)) return refuse('trade.no_price');
    at = currentClose;
  }
  const spec: ContractSpec = inst;
  const qty = lots(input.quantity);
  const openAt = price(at);
  // The server's rule, to the digit: margin rounded, fee from the rounded margin (src/domain/money.ts).
  const { margin: m, fee: f } = orderAmounts(spec, qty, openAt, leveraged ? input.multiple : 0, tradeFeeType);
  if (m.lte(0)) return refuse('trade.lots_invalid'); // a margin that rounds to nothing: the server refuses it too
  const side = sideOf(input.orderType);
  const at2 = (target: string | null): string | null =>
    positive(target) ? moneyText(positionPnl(spec, side, qty, openAt, price(target))) : null;
  return {
    ok: true,
    reason: null,
    price: at,
    margin: moneyText(m),
    fee: moneyText(f),
    pnlAtStopProfit: at2(input.stopProfit),
    pnlAtStopLoss: at2(input.stopLoss),
  };
}

interface Holding {
  id: number;
  code: string;
  spec: ContractSpec;
  side: Side;
  qty: Lots;
  open: Price;
  caution: Usd;
  current: string;
  pnl: Usd;
}

/**
 * The holding positions and the account, so floating P&L, equity and risk rate follow every quote. A quote only
 * marks its instrument; `take()` (once per frame) recomputes the positions of the marked instruments and re-sums.
 */
export class RiskBook {
  private holdings: Holding[] = [];
  private byCode = new Map<string, Holding[]>();
  private balance: Usd = usd(0);
  private lockBalance: Usd = usd(0);
  private marked = new Set<string>();
  private latest = new Map<string, string>();
  private changed = false;

  /** Holding orders (Status 1) are kept; others are ignored. `specOf` finds the instrument of an order. */
  setPositions(
    orders: readonly Order[],
    balance: string,
    lockBalance: string,
    specOf: (o: Order) => Instrument | undefined,
    closeOf: (code: string) => string | null,
  ): void {
    this.holdings = [];
    this.byCode.clear();
    this.latest.clear();
    this.marked.clear();
    this.balance = usd(isDecimalText(balance) ? balance : '0');
    this.lockBalance = usd(isDecimalText(lockBalance) ? lockBalance : '0');
    for (const o of orders) {
      if (o.Status !== 1) continue;
      const inst = specOf(o);
      if (!inst || !isDecimalText(o.Quantity) || !isDecimalText(o.Price)) continue;
      const code = inst.Code;
      const current = closeOf(code) ?? (isDecimalText(o.UpdatePrice) ? o.UpdatePrice : o.Price);
      const h: Holding = {
        id: o.Id,
        code,
        spec: inst,
        side: sideOf(o.OrderType),
        qty: lots(o.Quantity),
        open: price(o.Price),
        caution: usd(isDecimalText(o.CautionMoney) ? o.CautionMoney : '0'),
        current,
        pnl: usd(0),
      };
      h.pnl = positionPnl(h.spec, h.side, h.qty, h.open, price(current));
      this.holdings.push(h);
      const list = this.byCode.get(code);
      if (list) list.push(h);
      else this.byCode.set(code, [h]);
    }
    this.changed = true;
  }

  get isEmpty(): boolean {
    return this.holdings.length === 0;
  }

  /** A new close for `code`; true when a held position is affected (the frame then carries an account update). */
  onQuote(code: string, close: string): boolean {
    if (!this.byCode.has(code)) return false;
    this.latest.set(code, close);
    this.marked.add(code);
    this.changed = true;
    return true;
  }

  get hasPending(): boolean {
    return this.changed;
  }

  /** Recomputes the marked instruments' positions and returns the account, or null when nothing changed. */
  take(): AccountUpdate | null {
    if (!this.changed) return null;
    this.changed = false;
    for (const code of this.marked) {
      const close = this.latest.get(code);
      const list = this.byCode.get(code);
      if (close === undefined || !list) continue;
      const at = price(close);
      for (const h of list) {
        h.current = close;
        h.pnl = positionPnl(h.spec, h.side, h.qty, h.open, at);
      }
    }
    this.marked.clear();
    return this.snapshot();
  }

  snapshot(): AccountUpdate {
    // Each position's P&L is already rounded (positionPnl), and the total is their sum: the server's order.
    const floating = sumMoney(this.holdings.map((h) => h.pnl));
    const positions: PositionFigure[] = this.holdings.map((h) => {
      const rr = orderRiskRate(h.caution, h.pnl);
      return {
        Id: h.id,
        current: h.current,
        pnl: moneyText(h.pnl),
        netValue: moneyText(netValue(h.caution, h.pnl)),
        riskRate: rr === null ? null : ratioText(rr),
      };
    });
    const figures = { balance: this.balance, lockBalance: this.lockBalance, floating };
    const rr = riskRate(figures);
    return {
      positions,
      floating: moneyText(floating),
      equity: moneyText(equity(figures)),
      riskRate: rr === null ? null : ratioText(rr),
    };
  }
}
