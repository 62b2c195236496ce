// The statement's CSV text and day range, as pure functions: quoting, the formula guard that
// leaves our own numbers alone, CRLF lines, and the UTC day range with its refusals.
import { describe, expect, it } from 'vitest';
import { BOM, cell, line, textCell } from '../../../../../server/statements/csv.ts';
import { dayRange, STATEMENT_MAX_DAYS } from '../../../../../server/statements/date-range.ts';
import { ApiError } from '../../../../../server/http/envelope.ts';
import { defaultRange } from '../../../../../src/components/overlays/statement-export.tsx';

const keyOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    return err instanceof ApiError ? err.key : String(err);
  }
  return 'no error';
};

describe('CSV cells', () => {
  it('quotes a cell with a comma, a quote or a line break, doubling its quotes', () => {
    expect(cell('12.50')).toBe('12.50');
    expect(cell('a,b')).toBe('"a,b"');
    expect(cell('say "hi"')).toBe('"say ""hi"""');
    expect(cell('two\nlines')).toBe('"two\nlines"');
  });

  it('neutralises text a spreadsheet would run as a formula, but never our own negative amounts', () => {
    expect(textCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(textCell('+1')).toBe("'+1");
    expect(textCell('-cmd')).toBe("'-cmd");
    expect(textCell('@x')).toBe("'@x");
    expect(textCell('=a,b')).toBe('"\'=a,b"');
    expect(textCell('EUR/USD')).toBe('EUR/USD');
    expect(cell('-12.50')).toBe('-12.50');
  });

  it('ends each line with CRLF; the BOM is U+FEFF (EF BB BF in UTF-8)', () => {
    expect(line(['1', '2'])).toBe('1,2\r\n');
    expect([...new TextEncoder().encode(BOM)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe('day range', () => {
  it('is UTC days, from inclusive to the end of `to`', () => {
    expect(dayRange('2026-01-05', '2026-01-05')).toEqual({
      from: '2026-01-05',
      to: '2026-01-05',
      startMs: Date.UTC(2026, 0, 5),
      endMs: Date.UTC(2026, 0, 6),
    });
    expect(dayRange('2024-01-01', '2024-12-31').endMs - Date.UTC(2024, 0, 1)).toBe(STATEMENT_MAX_DAYS * 86_400_000);
  });

  it('refuses a day that does not exist, a reversed range and one too long', () => {
    expect(keyOf(() => dayRange('2026-02-29', '2026-03-01'))).toBe('statement.errors.day_invalid');
    expect(keyOf(() => dayRange('2026-01-01', '2026-13-01'))).toBe('statement.errors.day_invalid');
    expect(keyOf(() => dayRange('2026-01-02', '2026-01-01'))).toBe('statement.errors.range_order');
    expect(keyOf(() => dayRange('2025-01-01', '2026-01-02'))).toBe('statement.errors.range_too_long');
    expect(keyOf(() => dayRange('2024-02-29', '2024-02-29'))).toBe('no error');
  });

  it('offers this month so far (UTC) in the app', () => {
    expect(defaultRange(Date.UTC(2026, 10, 23, 23, 59))).toEqual({ from: '2026-11-01', to: '2026-11-23' });
  });
});
