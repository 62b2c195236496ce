// The copy sheet's rule, shared with the server's start route: multiplier, stop-loss and amount, each bad input its
// error key.
import { describe, expect, it } from 'vitest';
import { parseCopyAmount, parseMultiplier, parseStopLoss } from '../../../domain/copy-input.ts';

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

  it('takes an amount at least the minimum, as the amount rule reads it', () => {
    const ok = parseCopyAmount('100.50', '100');
    expect(ok.ok && ok.value.toString()).toBe('100.5');
    expect(parseCopyAmount('99.99', '100')).toEqual({ ok: false, error: 'copy_amount_below_min' });
    expect(parseCopyAmount('abc', '100')).toEqual({ ok: false, error: 'not_a_number' });
    expect(parseCopyAmount('100.123', '100')).toEqual({ ok: false, error: 'amount_places' });
    expect(parseCopyAmount('', '100')).toEqual({ ok: false, error: 'amount_invalid' });
  });
});
