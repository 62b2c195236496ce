// The order form's rules for what a change leaves behind (docs/trading.md "Stops in the form", "Size by risk"): stops
// restart at a valid default distance from the new reference after a change of side, kind or target; a risk size is
// capped (the `risk_cap_percent` setting, 10 % by default, never above 100 %); a change of size mode clears the
// number typed; a halted instrument's one-click message names its reason; a pending expiry reads as the day it ends.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkOrder,
  draftNotes,
  initialDraft,
  pickSizeMode,
  restartStops,
  sized,
  sizeProblem,
  type OrderDraft,
} from '../../../../../../src/pages/trade/order-ticket/order-draft.ts';
import { oneClickCheck } from '../../../../../../src/pages/trade/order-ticket/one-click.ts';
import { firstNote, noteText } from '../../../../../../src/components/forms/field-message.tsx';
import { expiryText } from '../../../../../../src/pages/order/order-format.ts';
import { riskCapPercent } from '../../../../../../domain/order-rules.ts';
import { stopSideKey } from '../../../../../../domain/order-rules.ts';
import { sideOf } from '../../../../../../domain/trade-maths.ts';
import type { Instrument } from '../../../../../../domain/types.ts';
import { i18n, initI18n, type TFunction } from '../../../../../../src/i18n/index.ts';
import type { FieldNote } from '../../../../../../src/components/forms/use-field-messages.ts';
import { instrument } from '../../../../../fixtures/instruments.ts';

const inst: Instrument = instrument('EURUSD', 7, {
  ShowCode: 'EUR/USD',
  HasForexMultiple: [{ Value: 10 }, { Value: 50 }],
  ForexQuotations: { Open: '1.08000', Close: '1.08321', Change: '0.30', High: '1.084', Low: '1.079', Time: 0 },
});
const PRICE = '1.08321';
const base = (over: Partial<OrderDraft> = {}): OrderDraft => ({ ...initialDraft(inst), lots: '0.05', ...over });
const t: TFunction = (key, params) => i18n.t(key, params);

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

/** Both ticked stops on their side of the draft's reference, for `side`. */
function stopsValid(d: OrderDraft, side: 1 | 2): boolean {
  const ref = d.mode === 'pending' && d.targetPrice ? d.targetPrice : PRICE;
  return (
    stopSideKey(sideOf(side), 'profit', ref, d.stopProfit) === null &&
    stopSideKey(sideOf(side), 'loss', ref, d.stopLoss) === null &&
    d.stopProfit !== ref &&
    d.stopLoss !== ref
  );
}

describe('stops after a change of side, kind or reference', () => {
  it('a buy’s ticked stops move to the sell side when the side flips, and are valid there', () => {
    const buy = restartStops(inst, base({ stopProfitOn: true, stopLossOn: true }), 1, PRICE);
    expect(stopsValid(buy, 1)).toBe(true);
    const sell = restartStops(inst, buy, 2, PRICE);
    expect(stopsValid(sell, 2)).toBe(true);
    expect(Number(sell.stopProfit)).toBeLessThan(Number(PRICE));
    expect(Number(sell.stopLoss)).toBeGreaterThan(Number(PRICE));
    expect(draftNotes(inst, sell, 2, PRICE, true)['stop-loss']).toBeNull();
  });

  it('an unticked stop forgets its price, so ticking it again starts on the new side', () => {
    const d = restartStops(inst, base({ stopProfitOn: false, stopProfit: '1.09000' }), 2, PRICE);
    expect(d.stopProfit).toBe('');
  });

  it('market → pending: the stops restart from the target, never equal to it; pending → market: from the price', () => {
    const pending = base({ mode: 'pending', targetPrice: '1.08000', stopProfitOn: true, stopLossOn: true });
    const p = restartStops(inst, pending, 1, PRICE);
    expect(stopsValid(p, 1)).toBe(true);
    expect(p.stopLoss).not.toBe('1.08000');
    expect(draftNotes(inst, p, 1, PRICE, true)).toMatchObject({ 'stop-loss': null, 'stop-profit': null });
    const m = restartStops(inst, { ...p, mode: 'market' }, 1, PRICE);
    expect(stopsValid(m, 1)).toBe(true);
    expect(Number(m.stopProfit)).toBeGreaterThan(Number(PRICE));
  });
});

describe('size by risk', () => {
  const risk = (value: string): OrderDraft =>
    base({ sizeMode: 'risk', sizeValue: value, stopLossOn: true, stopLoss: '1.07821' });

  it('refuses a risk above the cap under the field, and sets no lots from it', () => {
    expect(sizeProblem(risk('10000'), '10000', false)).toEqual({ key: 'trade.size_risk_cap', params: { max: '10' } });
    expect(sizeProblem(risk('150'), '10000', false)).toMatchObject({ key: 'trade.size_risk_cap' });
    expect(sizeProblem(risk('10'), '10000', false)).toBeNull();
    expect(sized(inst, risk('10000'), PRICE, '10000').lots).toBe('0.05'); // unchanged: nothing offered
    const check = checkOrder(inst, risk('150'), 1, true, PRICE, '', '10000');
    expect(check.kind).toBe('error');
    expect(noteText(t, (check as { notes: Record<string, FieldNote> }).notes.size as FieldNote)).toBe(
      'Risk at most 10 % of equity',
    );
  });

  it('takes the cap from the setting, never above 100 %', () => {
    expect(riskCapPercent('25')).toBe('25');
    expect(riskCapPercent('250')).toBe('100');
    expect(riskCapPercent('0')).toBe('10');
    expect(riskCapPercent('x')).toBe('10');
    expect(riskCapPercent(null)).toBe('10');
    expect(sizeProblem(risk('20'), '10000', false, '25')).toBeNull();
    expect(sizeProblem(risk('101'), '10000', false, '500')).toMatchObject({ key: 'trade.size_risk_cap' });
  });

  it('a change of size mode clears the number typed for the old one', () => {
    const usd = base({ sizeMode: 'usd', sizeValue: '10000' });
    const next = { ...usd, ...pickSizeMode('risk') };
    expect(next).toMatchObject({ sizeMode: 'risk', sizeValue: '' });
    expect(sized(inst, next, PRICE, '10000').lots).toBe(usd.lots);
  });
});

describe('one-click during a halt', () => {
  it('names the halt’s reason: no "{{" in the message', () => {
    const check = oneClickCheck(inst, undefined, 1, true, 'trade.halted', 'maintenance');
    expect(check.kind).toBe('error');
    const note = firstNote((check as { notes: Record<string, FieldNote> }).notes);
    const text = note ? noteText(t, note) : '';
    expect(text).toBe(t('trade.halted', { reason: 'maintenance' }));
    expect(text).toContain('maintenance');
    expect(text).not.toContain('{{');
  });
});

describe('a pending order’s expiry', () => {
  it('reads as the end of the chosen UTC day, not the next day at midnight', () => {
    // "On a date (UTC)" 2026-11-30 is stored as the instant the day ends: 2026-12-01T00:00Z.
    expect(expiryText(t, '2026-12-01T00:00:00.000Z')).toBe('End of Nov 30, 2026 (UTC)'); // en is en-US
    expect(expiryText(t, '')).toBe('');
  });
});
