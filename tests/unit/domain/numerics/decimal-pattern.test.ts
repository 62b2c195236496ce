// The one decimal-text shape (domain/numerics/decimal-pattern.ts) with its caps and sign: the wire's pattern is the
// one it always was, and each bounded setting or argument built from it takes exactly what its own pattern took.
import { describe, expect, it } from 'vitest';
import { DECIMAL_PATTERN, DECIMAL_RE, decimalRe, decimalSource } from '../../../../domain/numerics/decimal-pattern.ts';

describe('decimal-pattern', () => {
  it('keeps the wire pattern as it was', () => {
    expect(DECIMAL_PATTERN).toBe(String.raw`^-?\d{1,30}(\.\d{1,30})?$`);
    expect(DECIMAL_RE.test(`-${'9'.repeat(30)}.${'1'.repeat(30)}`)).toBe(true);
    expect(DECIMAL_RE.test('9'.repeat(31))).toBe(false);
  });

  it('builds each sign', () => {
    expect(decimalSource({ whole: 3, places: 4 })).toBe(String.raw`^\d{1,3}(\.\d{1,4})?$`);
    expect(decimalSource({ whole: 15, places: 8, sign: 'minus' })).toBe(String.raw`^-?\d{1,15}(\.\d{1,8})?$`);
    expect(decimalSource({ whole: 9, places: 8, sign: 'either' })).toBe(String.raw`^[+-]?\d{1,9}(\.\d{1,8})?$`);
  });

  // What the bespoke patterns took and refused, checked against the shapes that replace them.
  const shapes = [
    {
      name: 'a signed offset (12.10)',
      re: decimalRe({ whole: 12, places: 10, sign: 'either' }),
      was: /^[+-]?\d{1,12}(\.\d{1,10})?$/,
    },
    {
      name: 'a swap rate (9.8)',
      re: decimalRe({ whole: 9, places: 8, sign: 'either' }),
      was: /^[+-]?\d{1,9}(\.\d{1,8})?$/,
    },
    { name: 'a four-eyes amount (15.8)', re: decimalRe({ whole: 15, places: 8 }), was: /^\d{1,15}(\.\d{1,8})?$/ },
    { name: 'a spike percent (3.4)', re: decimalRe({ whole: 3, places: 4 }), was: /^\d{1,3}(\.\d{1,4})?$/ },
    { name: 'a margin-call level (4.2)', re: decimalRe({ whole: 4, places: 2 }), was: /^\d{1,4}(\.\d{1,2})?$/ },
    { name: 'an alert percent (2.2)', re: decimalRe({ whole: 2, places: 2 }), was: /^\d{1,2}(\.\d{1,2})?$/ },
  ];
  const inputs = [
    '0',
    '1',
    '12',
    '123',
    '1234',
    '12345',
    '-1',
    '+1',
    '--1',
    '+-1',
    '1.5',
    '1.25',
    '1.125',
    '1.12345678',
    '1.123456789',
    '1.',
    '.5',
    '-.5',
    '1e3',
    ' 1',
    '1 ',
    '',
    '+',
    '-',
    '1.2.3',
    '0x10',
    '９',
    '1,5',
    '9'.repeat(12),
    '9'.repeat(13),
    '9'.repeat(15),
    '9'.repeat(16),
    `+${'9'.repeat(9)}.${'1'.repeat(8)}`,
  ];

  it.each(shapes)('$name takes exactly what its old pattern took', ({ re, was }) => {
    expect(re.source).toBe(was.source);
    for (const text of inputs) expect(re.test(text), JSON.stringify(text)).toBe(was.test(text));
  });

  it('a signed shape takes a plus and a minus, an unsigned one neither', () => {
    const signed = decimalRe({ whole: 3, places: 2, sign: 'either' });
    const minus = decimalRe({ whole: 3, places: 2, sign: 'minus' });
    const plain = decimalRe({ whole: 3, places: 2 });
    expect(['+1.5', '-1.5', '1.5'].map((t) => signed.test(t))).toEqual([true, true, true]);
    expect(['+1.5', '-1.5', '1.5'].map((t) => minus.test(t))).toEqual([false, true, true]);
    expect(['+1.5', '-1.5', '1.5'].map((t) => plain.test(t))).toEqual([false, false, true]);
  });
});
