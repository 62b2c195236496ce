import type { Spread } from './stats.ts';

/** `columns`: the headers, separated by " | "; `right`: which columns align right (by default those of figures). */
export function table(
  columns: string,
  rows: readonly (readonly string[])[],
  right = (i: number): boolean =>
    i > 0 && rows.every((r) => /^[-+]?[\d.,∞]+\s?[a-zA-Z%/×]*$|^n\/a$|^$/.test((r[i] ?? '').split(' (')[0] ?? '')),
): string {
  const headers = columns.split(' | ');
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = headers.map((_, i) => right(i));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** "n/a" for none, "∞" for an unbounded ratio. */
export function num(v: number | null | undefined, digits = 1, scale = 1): string {
  if (v === null || v === undefined || Number.isNaN(v)) return 'n/a';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '-∞';
  return (v * scale).toFixed(digits);
}

/** A row of `columns` cells whose figures failed: its first cells, FAILED and the error's start, then blanks. */
export function failedRow(first: readonly string[], error: string, columns: number): string[] {
  return [...first, 'FAILED', error.slice(0, 60), ...new Array<string>(columns - first.length - 2).fill('')];
}

/** "median (min–max)", or '' when none was measured. */
export function spreadCell(s: Spread | undefined): string {
  return s && s.n > 0 ? `${num(s.median, 2)} (${num(s.min, 2)}–${num(s.max, 2)})` : '';
}
