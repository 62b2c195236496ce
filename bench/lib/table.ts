/** `columns`: the headers, separated by " | ". */
export function table(columns: string, rows: readonly (readonly string[])[]): string {
  const headers = columns.split(' | ');
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = headers.map(
    (_, i) =>
      i > 0 && rows.every((r) => /^[-+]?[\d.,∞]+\s?[a-zA-Z%/×]*$|^n\/a$|^$/.test((r[i] ?? '').split(' (')[0] ?? '')),
  );
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
