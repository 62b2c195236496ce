// CSV for the statements: a BOM so spreadsheets read non-Latin headers, formula starts neutralised in text cells.

export const BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** Our own exact text (a decimal, a time, an id) is never prefixed. */
export function cell(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A formula start is neutralised with an apostrophe, so a spreadsheet never runs a trader's text. */
export function textCell(value: string): string {
  return cell(FORMULA_START.test(value) ? `'${value}` : value);
}

/** `cells` are already made by cell() or textCell(). */
export const line = (cells: readonly string[]): string => `${cells.join(',')}\r\n`;
