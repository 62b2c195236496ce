// warmFormats (src/i18n/format.ts) builds the formatters the first screen uses, so its renders create none: the
// first Intl formatter of a page initialises ICU, a long block that start.ts moves into a task of its own.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatAsOf, formatMoney, formatNumber, warmFormats } from '../../../../src/i18n/format.ts';

afterEach(() => vi.restoreAllMocks());

describe('warmFormats', () => {
  it('leaves no number or date formatter of the first screen to be created later', () => {
    const now = Date.UTC(2026, 10, 24, 4, 0, 0);
    warmFormats(now);
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    expect(formatNumber('1.08495')).not.toBe('');
    expect(formatMoney('12.5')).not.toBe('');
    expect(formatAsOf(now - 60_000, now)).not.toBe('');
    expect(numbers).not.toHaveBeenCalled();
    expect(dates).not.toHaveBeenCalled();
  });
});
