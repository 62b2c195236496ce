// The indicator settings' rules (domain/indicators.ts): what the sheet refuses, and what stored settings keep.
import { describe, expect, it } from 'vitest';
import { checkParam, defaultIndicatorSettings, isValidSettings, sanitiseSettings } from '../../../domain/indicators.ts';

describe('checkParam', () => {
  it('refuses 0, a negative, letters, a fraction of a bar, and a period longer than the history', () => {
    expect(checkParam('ma', 0, '0', 500)).toEqual({ error: { key: 'chart.ind_err_positive' } });
    expect(checkParam('ma', 0, '-5', 500)).toEqual({ error: { key: 'chart.ind_err_positive' } });
    expect(checkParam('ma', 0, 'abc', 500)).toEqual({ error: { key: 'chart.ind_err_number' } });
    expect(checkParam('ma', 0, '5a', 500)).toEqual({ error: { key: 'chart.ind_err_number' } });
    expect(checkParam('ma', 0, '', 500)).toEqual({ error: { key: 'chart.ind_err_number' } });
    expect(checkParam('ma', 0, '2.5', 500)).toEqual({ error: { key: 'chart.ind_err_whole' } });
    expect(checkParam('ma', 0, '120', 100)).toEqual({ error: { key: 'chart.ind_err_history', values: { bars: 100 } } });
    expect(checkParam('ma', 0, '501', null)).toEqual({ error: { key: 'chart.ind_err_max', values: { max: 500 } } });
  });

  it('takes a good value, and a decimal BOLL width', () => {
    expect(checkParam('ma', 0, ' 7 ', 500)).toEqual({ value: 7 });
    expect(checkParam('boll', 1, '2.5', 500)).toEqual({ value: 2.5 });
    expect(checkParam('boll', 1, '2.5', 1)).toEqual({ value: 2.5 }); // a width is no bar count
  });
});

describe('settings', () => {
  it('default to MA (5, 10, 20, 30) and VOL', () => {
    const s = defaultIndicatorSettings();
    expect(
      Object.entries(s)
        .filter(([, v]) => v.on)
        .map(([k]) => k),
    ).toEqual(['ma', 'vol']);
    expect(s.ma.params).toEqual([5, 10, 20, 30]);
    expect(s.boll.params).toEqual([20, 2]);
    expect(s.macd.params).toEqual([12, 26, 9]);
    expect(s.rsi.params).toEqual([14]);
    expect(s.kdj.params).toEqual([9, 3, 3]);
  });

  it('keeps what keeps the rules and replaces the rest by its default', () => {
    const good = defaultIndicatorSettings();
    good.rsi = { on: true, params: [7] };
    expect(isValidSettings(good)).toBe(true);
    expect(sanitiseSettings(good)).toEqual(good);
    const bad = { ...good, ma: { on: true, params: [0, 10, 20, 30] }, extra: 1 };
    expect(isValidSettings(bad)).toBe(false);
    expect(isValidSettings({ ...good, ma: { on: 'yes', params: [5, 10, 20, 30] } })).toBe(false);
    expect(sanitiseSettings(bad).ma).toEqual(defaultIndicatorSettings().ma);
    expect(sanitiseSettings('nonsense')).toEqual(defaultIndicatorSettings());
  });
});
