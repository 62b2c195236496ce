// Pure parts of the orders screen: the tab from the query, figure texts, the sheet's derived figures, stop params,
// side hints and the pull gesture.
import { describe, expect, it } from 'vitest';
import { tabFromQuery } from '../../../../../src/state/orders/orders.ts';
import {
  orderFigures,
  stopHints,
  stopInput,
  stopParams,
  stopText,
} from '../../../../../src/pages/order/order-format.ts';
import { moneyText, NO_VALUE, pnlDir } from '../../../../../domain/format/money-text.ts';
import { percentText } from '../../../../../domain/format/percent.ts';
import { priceText } from '../../../../../domain/format/price.ts';
import { formatMoney } from '../../../../../src/i18n/format.ts';
import {
  pullOffset,
  PULL_MAX_PX,
  PULL_TRIGGER_PX,
  REFRESH_CLOSE_MS,
  releaseRefreshes,
} from '../../../../../src/components/lists/pull-refresh.tsx';
import type { Instrument } from '../../../../../domain/types.ts';
import { appOrder, EURUSD } from '../../../orders-fixtures.ts';

describe('tab from the query (docs/contract.md §2: type optional, default holding)', () => {
  it.each([
    [null, 1],
    ['', 1],
    ['1', 1],
    ['0', 0],
    ['3', 3],
    ['2', 1],
    ['abc', 1],
  ] as const)('type=%s → %s', (type, tab) => {
    expect(tabFromQuery(type)).toBe(tab);
  });
});

describe('figure texts', () => {
  it('P&L has 6 decimals and a sign; a rounded-away loss is not "-0"', () => {
    expect(moneyText('12.5', { signed: true })).toBe('+12.500000');
    expect(moneyText('-0.3', { signed: true })).toBe('-0.300000');
    expect(moneyText('0', { signed: true })).toBe('0.000000');
    expect(moneyText('-0.0000001', { signed: true })).toBe('0.000000');
    expect(moneyText(null, { signed: true })).toBe('--');
    expect(pnlDir('-0.0000001')).toBe('flat');
    expect(pnlDir('0.000001')).toBe('up');
    expect(pnlDir('-2')).toBe('down');
  });

  it('prices at the order precision, stops "0" shown as none, ratios as percents, amounts trimmed', () => {
    expect(priceText('1.085', 5)).toBe('1.08500');
    expect(stopText('0', 5)).toBe('--');
    expect(stopText('1.09', 5)).toBe('1.09000');
    expect(percentText('1.5321', { ratio: true, missing: NO_VALUE })).toBe('153.21%');
    expect(percentText(null, { ratio: true, missing: NO_VALUE })).toBe('--');
    expect(formatMoney('108.500000', { missing: NO_VALUE })).toBe('108.50');
    // One display rule for amounts: 2 decimals half-up with grouping (3, 2 or 4 decimals, '10844100.00').
    expect(formatMoney('0.217000', { missing: NO_VALUE })).toBe('0.22');
    expect(formatMoney('0.5416', { missing: NO_VALUE })).toBe('0.54');
    expect(formatMoney('10844100', { missing: NO_VALUE })).toBe('10,844,100.00');
  });
});

describe('sheet figures', () => {
  it('leveraged: prepayment = margin / notional = 1 / multiplier; risk rate and net value from margin and P&L', () => {
    // 0.1 lot × 100000 × 1.085 = 10850 notional; margin 108.5 at ×100.
    const f = orderFigures(appOrder({ FactProfits: '-54.25', margin: '108.5' }), EURUSD);
    expect(percentText(f.prepayment, { ratio: true, missing: NO_VALUE })).toBe('1.00%');
    expect(percentText(f.riskRate, { ratio: true, missing: NO_VALUE })).toBe('50.00%'); // (108.5 − 54.25) / 108.5
    expect(formatMoney(f.netValue, { missing: NO_VALUE })).toBe('54.25');
  });

  it('fixed margin: prepayment from the instrument; without it, 1 / multiplier or none', () => {
    const gold: Instrument = { ...EURUSD, MarginMode: 1, ForexContNum: '500' };
    const f = orderFigures(appOrder({ leverage: 0, Quantity: '2', Price: '28.5', margin: '1000' }), gold);
    expect(percentText(f.prepayment, { ratio: true, missing: NO_VALUE })).toBe('3.51%'); // 1000 / (2 × 500 × 28.5)
    expect(orderFigures(appOrder({ leverage: 50 }), undefined).prepayment).toBe('0.0200');
    expect(orderFigures(appOrder({ leverage: 0 }), undefined).prepayment).toBeNull();
  });

  it('pending orders have no P&L and no risk rate; their net value is the margin', () => {
    const f = orderFigures(appOrder({ Status: 0, FactProfits: '3', margin: '10' }), EURUSD);
    expect(f.riskRate).toBeNull();
    expect(f.netValue).toBe('10');
  });
});

describe('stop form', () => {
  it('empty boxes send "0" (clear), prices are sent as typed, anything else is refused', () => {
    expect(stopParams(7, '1.09000', '')).toEqual({
      id: 7,
      target_profit_price: '1.09000',
      stop_loss_price: '0',
      trail_distance: '0',
    });
    expect(stopParams(7, ' ', '0')).toEqual({
      id: 7,
      target_profit_price: '0',
      stop_loss_price: '0',
      trail_distance: '0',
    });
    expect(stopParams(7, '.', '1')).toEqual({ error: 'stop_price_invalid' });
    // The trailing distance: sent as typed ("0.00200" stays "0.00200"), a bad one has its own message.
    expect(stopParams(7, '', '', '0.00200')).toEqual({
      id: 7,
      target_profit_price: '0',
      stop_loss_price: '0',
      trail_distance: '0.00200',
    });
    expect(stopParams(7, '', '', '-1')).toEqual({ error: 'trail_distance_invalid' });
    expect(stopParams(7, '', '', '2e-3')).toEqual({ error: 'trail_distance_invalid' });
    expect(stopInput('0')).toBe('');
    expect(stopInput('1.08')).toBe('1.08');
  });

  it('hints: a buy’s stop-profit above and stop-loss below; a sell mirrored', () => {
    expect(stopHints(1)).toEqual({ profit: 'orders.hint_above', loss: 'orders.hint_below' });
    expect(stopHints(2)).toEqual({ profit: 'orders.hint_below', loss: 'orders.hint_above' });
  });
});

describe('pull gesture', () => {
  it('half the travel, capped; refreshes from the trigger on; closes after 500 ms', () => {
    expect(pullOffset(-30)).toBe(0);
    expect(pullOffset(60)).toBe(30);
    expect(pullOffset(1000)).toBe(PULL_MAX_PX);
    expect(releaseRefreshes(PULL_TRIGGER_PX - 1)).toBe(false);
    expect(releaseRefreshes(PULL_TRIGGER_PX)).toBe(true);
    expect(REFRESH_CLOSE_MS).toBe(500);
  });
});
