// CSV text for the statements: RFC 4180 (comma, CRLF, quotes doubled), UTF-8 with a byte-order mark
// so spreadsheet apps read non-Latin headers right, and text cells that a spreadsheet would run as a formula
// (=, +, -, @, tab, CR first) prefixed with an apostrophe. Numbers are our own exact decimal text, never prefixed.

/** The UTF-8 byte-order mark, sent once before the header line. */
export const BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell of our own exact text (a decimal, a time, an id): quoted only if it must be. */
export function cell(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A cell of free text (a memo, a name, a translated header): a formula start is neutralised, then quoted as needed. */
export function textCell(value: string): string {
  return cell(FORMULA_START.test(value) ? `'${value}` : value);
}

/** One line, CRLF-terminated; `cells` are already made by cell() or textCell(). */
export const line = (cells: readonly string[]): string => `${cells.join(',')}\r\n`;
