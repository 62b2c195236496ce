// The one formatter per rule (domain/): money text and its named variants, price text, wire time, and the
// half-up rounding in each representation agreeing with decimal.js.
import { describe, expect, it } from 'vitest';
import { dec, halfUp, roundDown } from '../../../domain/decimal.ts';
import { exactMoneyText, moneyText } from '../../../domain/format/money-text.ts';
import { priceText } from '../../../domain/format/price.ts';
import { wireTime } from '../../../domain/wire-time.ts';

describe('moneyText', () => {
  it('has exactly 6 decimals by default, half-up', () => {
    expect(moneyText('12.5')).toBe('12.500000');
    expect(moneyText('0.0000005')).toBe('0.000001');
    expect(moneyText(dec('-0.0000001'))).toBe('0.000000');
  });
  it('trims past the cents, signs a P&L and shows -- for nothing', () => {
    expect(moneyText('12.500000', { trim: true })).toBe('12.50');
    expect(moneyText('0.000150', { trim: true })).toBe('0.00015');
    expect(moneyText('3', { signed: true })).toBe('+3.000000');
    expect(moneyText('0', { signed: true })).toBe('0.000000');
    expect(moneyText('-1.5', { trim: true, signed: true })).toBe('-1.50');
    expect(moneyText(null)).toBe('--');
    expect(moneyText('abc')).toBe('--');
  });
  it('exact: every decimal the ledger holds, at least two', () => {
    expect(exactMoneyText('100000.00000000')).toBe('100000.00');
    expect(exactMoneyText('0.12345678')).toBe('0.12345678');
    expect(exactMoneyText('7')).toBe('7.00');
  });
});

describe('priceText', () => {
  it('rounds text and decimals alike at the precision', () => {
    expect(priceText('65000.455', 2)).toBe('65000.46');
    expect(priceText(dec('1.2'), 5)).toBe('1.20000');
    expect(priceText(undefined, 2)).toBe('');
    expect(priceText('x', 2, { missing: '--' })).toBe('--');
  });
});

describe('wire time', () => {
  it('formats', () => {
    expect(wireTime(Date.UTC(2026, 10, 23, 13, 5, 9))).toBe('2026-11-23 13:05:09');
    expect(wireTime('0')).toBe('1970-01-01 00:00:00');
  });
});

describe('rounding', () => {
  it('rounds half up, or down toward zero', () => {
    expect(halfUp(dec('1.005'), 2).toString()).toBe('1.01');
    expect(roundDown(dec('1.009'), 2).toString()).toBe('1');
  });
});
