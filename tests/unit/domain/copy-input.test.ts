// The copy sheet's rule, shared with the server's start route: multiplier, stop-loss and amount, each bad input its
// error key; and the provider sheet's, shared with the publish route.
import { describe, expect, it } from 'vitest';
import {
  parseCopyAmount,
  parseMultiplier,
  parseProviderDescription,
  parseProviderFee,
  parseProviderMin,
  parseProviderName,
  parseStopLoss,
} from '../../../domain/copy-input.ts';

describe('copy input', () => {
  it('takes a multiplier of 0.1–3 with one decimal, 1 when empty', () => {
    expect(parseMultiplier('')).toEqual({ ok: true, value: '1' });
    expect(parseMultiplier('0.1')).toEqual({ ok: true, value: '0.1' });
    expect(parseMultiplier('3')).toEqual({ ok: true, value: '3' });
    for (const bad of ['0', '0.05', '3.1', '1.25', '-1', 'x', '1e0', ' 1']) {
      expect(parseMultiplier(bad)).toEqual({ ok: false, error: 'copy_multiplier_invalid' });
    }
  });

  it('takes a whole stop-loss percent of 5–95, 40 when empty', () => {
    expect(parseStopLoss('')).toEqual({ ok: true, value: 40 });
    expect(parseStopLoss('5')).toEqual({ ok: true, value: 5 });
    expect(parseStopLoss('95')).toEqual({ ok: true, value: 95 });
    for (const bad of ['4', '96', '40.5', 'abc']) {
      expect(parseStopLoss(bad)).toEqual({ ok: false, error: 'copy_stop_loss_invalid' });
    }
  });

  it('takes an amount at least the minimum, as the amount rule reads it; none at all is told the minimum', () => {
    const ok = parseCopyAmount('100.50', '100');
    expect(ok.ok && ok.value.toString()).toBe('100.5');
    expect(parseCopyAmount('99.99', '100')).toEqual({ ok: false, error: 'copy_amount_below_min' });
    expect(parseCopyAmount('abc', '100')).toEqual({ ok: false, error: 'not_a_number' });
    expect(parseCopyAmount('100.123', '100')).toEqual({ ok: false, error: 'amount_places' });
    for (const none of ['', '0', '-5'])
      expect(parseCopyAmount(none, '100')).toEqual({ ok: false, error: 'copy_amount_below_min' });
  });

  it('takes a provider name of 2–40 characters trimmed, a description of at most 280', () => {
    expect(parseProviderName('  Ann  ')).toEqual({ ok: true, value: 'Ann' });
    expect(parseProviderName('x'.repeat(40)).ok).toBe(true);
    for (const bad of ['', ' a ', 'x'.repeat(41), 7]) {
      expect(parseProviderName(bad)).toEqual({ ok: false, error: 'provider_name_invalid' });
    }
    expect(parseProviderDescription(undefined)).toEqual({ ok: true, value: '' });
    expect(parseProviderDescription(` ${'d'.repeat(280)} `).ok).toBe(true);
    expect(parseProviderDescription('d'.repeat(281))).toEqual({ ok: false, error: 'provider_description_invalid' });
  });

  it('takes a whole fee percent of 0–30 typed or sent as a number, a minimum of at least 100 USD', () => {
    expect(parseProviderFee('0')).toEqual({ ok: true, value: 0 });
    expect(parseProviderFee(30)).toEqual({ ok: true, value: 30 });
    for (const bad of ['', '31', '10.5', '-1', 'x', '1e1', 10.5, undefined]) {
      expect(parseProviderFee(bad)).toEqual({ ok: false, error: 'provider_fee_invalid' });
    }
    const min = parseProviderMin('100');
    expect(min.ok && min.value.toString()).toBe('100');
    for (const bad of ['99.99', '', 'abc', '100.001']) {
      expect(parseProviderMin(bad)).toEqual({ ok: false, error: 'provider_min_invalid' });
    }
  });
});
