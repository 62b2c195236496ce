// The FIX source's top of book: snapshots replace, incrementals apply new/change/delete per entry and symbol, and each
// message gives one tick per symbol with both sides as last known, in the LP's decimal text.
import { describe, expect, it } from 'vitest';
import { MdBook, parseFixTime } from '../../../../../../server/market/sources/fix/md-book.ts';

describe('MdBook', () => {
  it("a snapshot replaces the symbol's entries; an incremental of one side keeps the other", () => {
    const book = new MdBook();
    expect(
      book.snapshot(
        'EUR/USD',
        [
          { type: '0', symbol: 'EUR/USD', price: '1.08510' },
          { type: '1', symbol: 'EUR/USD', price: '1.08525' },
        ],
        7,
      ),
    ).toEqual({ symbol: 'EUR/USD', bid: '1.08510', ask: '1.08525', sourceTime: 7 });
    expect(book.incremental([{ action: '1', type: '1', symbol: 'EUR/USD', price: '1.08530' }], 8)).toEqual([
      { symbol: 'EUR/USD', bid: '1.08510', ask: '1.08530', sourceTime: 8 },
    ]);
    expect(book.snapshot('EUR/USD', [{ type: '1', symbol: 'EUR/USD', price: '1.09000' }], 9)).toEqual({
      symbol: 'EUR/USD',
      ask: '1.09000',
      sourceTime: 9,
    });
  });

  it('an incremental spanning symbols gives one tick each; a delete removes a side; trades are last and volume', () => {
    const book = new MdBook();
    const ticks = book.incremental(
      [
        { action: '0', type: '0', symbol: 'A', price: '1' },
        { action: '0', type: '1', symbol: 'A', price: '2' },
        { action: '0', type: '2', symbol: 'B', price: '5', size: '10' },
        { action: '2', type: '0', symbol: 'A' },
        { action: '0', type: '4', symbol: 'C', price: '9' },
      ],
      1,
    );
    expect(ticks).toEqual([
      { symbol: 'A', ask: '2', sourceTime: 1 },
      { symbol: 'B', last: '5', volume: '10', sourceTime: 1 },
    ]);
  });

  it('forgets everything on clear (a reconnect), and yields nothing for an empty snapshot', () => {
    const book = new MdBook();
    book.snapshot('A', [{ type: '0', symbol: 'A', price: '1' }], 1);
    book.clear();
    expect(book.incremental([{ action: '1', type: '1', symbol: 'A', price: '2' }], 2)).toEqual([
      { symbol: 'A', ask: '2', sourceTime: 2 },
    ]);
    expect(book.snapshot('B', [], 3)).toBeNull();
  });
});

describe('parseFixTime', () => {
  it('reads UTCTimestamp with and without milliseconds, NaN otherwise', () => {
    expect(parseFixTime('20261124-09:30:00.123')).toBe(Date.UTC(2026, 10, 24, 9, 30, 0, 123));
    expect(parseFixTime('20261124-09:30:00')).toBe(Date.UTC(2026, 10, 24, 9, 30, 0));
    expect(parseFixTime('20261124-09:30:00.123456')).toBe(Date.UTC(2026, 10, 24, 9, 30, 0, 123));
    expect(parseFixTime('yesterday')).toBeNaN();
    expect(parseFixTime(null)).toBeNaN();
  });
});
