// @vitest-environment node
// docs/contract.md §9 margin, fee and P&L against hand-worked examples (the same functions the server and the worker use).
import { describe, expect, it } from 'vitest';
import {
  canDecreaseLots,
  equity,
  fee,
  margin,
  netValue,
  orderRiskRate,
  pnl,
  prepaymentRatio,
  riskRate,
} from '../../../domain/trade-maths.ts';
import { fixed } from '../../../domain/decimal.ts';
import { lots, price, usd } from '../../../domain/units.ts';

const eurusd = { MarginMode: 2, ForexContNum: '100000', ForexFeeRate: '0.001' };
const xagusd = { MarginMode: 1, ForexContNum: '50', ForexFeeRate: '0.002' };

describe('margin', () => {
  it('leveraged: lots × units × price / multiplier', () => {
    // 0.1 × 100000 × 1.08500 / 100 = 108.5
    expect(margin(eurusd, lots('0.1'), price('1.08500'), 100).toString()).toBe('108.5');
    // 0.37 × 100000 × 1.27345 / 50 = 942.353
    expect(margin(eurusd, lots('0.37'), price('1.27345'), 50).toString()).toBe('942.353');
  });
  it('fixed: lots × units per lot, whatever the price and multiplier', () => {
    expect(margin(xagusd, lots('2'), price('31.25'), 0).toString()).toBe('100');
    expect(margin(xagusd, lots('0.3'), price('99'), 20).toString()).toBe('15');
  });
  it('refuses a leveraged margin without a multiplier', () => {
    expect(() => margin(eurusd, lots('1'), price('1.1'), 0)).toThrow(RangeError);
  });
  it('stays exact where binary floats drift', () => {
    // 0.1 + 0.2 style trap: 0.3 × 100000 × 1.1 / 3 = 11000 exactly
    expect(margin(eurusd, lots('0.3'), price('1.1'), 3).toString()).toBe('11000');
  });
});

describe('fee', () => {
  it('trade_fee_type 1: lots × fee rate', () => {
    expect(fee({ ...eurusd, ForexFeeRate: '5' }, lots('0.1'), usd('108.5'), 1).toString()).toBe('0.5');
  });
  it('other types: margin × fee rate', () => {
    expect(fee(eurusd, lots('0.1'), usd('108.5'), 2).toString()).toBe('0.1085');
    expect(fee(xagusd, lots('2'), usd('100'), 0).toString()).toBe('0.2');
  });
});

describe('P&L', () => {
  it('buy gains when the price rises, sell mirrors it', () => {
    // (1.08650 − 1.08500) × 0.1 × 100000 = 15
    expect(fixed(pnl(eurusd, 'buy', lots('0.1'), price('1.08500'), price('1.08650')), 6)).toBe('15.000000');
    expect(fixed(pnl(eurusd, 'sell', lots('0.1'), price('1.08500'), price('1.08650')), 6)).toBe('-15.000000');
  });
  it('fixed-margin instruments use units per lot for P&L too', () => {
    // (30.10 − 31.25) × 2 × 50 = −115
    expect(pnl(xagusd, 'buy', lots('2'), price('31.25'), price('30.10')).toString()).toBe('-115');
  });
});

describe('account figures', () => {
  const a = { balance: usd('1000'), lockBalance: usd('108.5'), floating: usd('-15') };
  it('equity = available + locked + floating', () => {
    expect(equity(a).toString()).toBe('1093.5');
  });
  it('risk rate = equity / used margin; null when nothing is held', () => {
    expect(fixed(riskRate(a)!, 4)).toBe('10.0783');
    expect(riskRate({ ...a, lockBalance: usd('0') })).toBeNull();
  });
  it('per-order net value, risk rate and prepayment ratio', () => {
    expect(netValue(usd('108.5'), usd('-15')).toString()).toBe('93.5');
    expect(fixed(orderRiskRate(usd('108.5'), usd('-15'))!, 4)).toBe('0.8618');
    // 108.5 / (0.1 × 100000 × 1.085) = 0.01 = 1 / 100
    expect(prepaymentRatio(eurusd, lots('0.1'), price('1.085'), usd('108.5')).toString()).toBe('0.01');
  });
});

describe('lots', () => {
  it('minus is disabled when quantity − Pip would be zero or less', () => {
    expect(canDecreaseLots(lots('0.01'), '0.01')).toBe(false);
    expect(canDecreaseLots(lots('0.02'), '0.01')).toBe(true);
  });
});
