// A plain table of rows with optional buttons per row (approve, disable…) in the last column, so a row reads who it
// is before what can be done to it: the panels' lists. Values that are objects (an audit row's before and after) are
// shown as compact JSON. On a phone each row is a card of "column: value" lines (ops.css), nothing cut.
import type { ReactNode } from 'react';
import { OPS_TEXT } from './texts.ts';

export type Row = Record<string, unknown>;

const text = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
const LONG = 160;
/** A long value is cut in the table (the whole of it in the tooltip and the CSV export). */
const short = (t: string): string => (t.length > LONG ? `${t.slice(0, LONG)}…` : t);

export function RowsTable({
  rows,
  label,
  actions,
  first = [],
}: {
  rows: readonly Row[];
  label: string;
  actions?: (row: Row) => ReactNode;
  /** Columns shown first, in this order (the staff's name and login). */
  first?: readonly string[];
}) {
  if (rows.length === 0) return <p className="ops-muted">{OPS_TEXT.empty}</p>;
  const keys = new Set(rows.flatMap((r) => Object.keys(r)));
  const cols = [...new Set([...first.filter((c) => keys.has(c)), ...keys])];
  return (
    <div className="ops-scroll">
      <table className="ops-table ops-rows" aria-label={label}>
        <thead>
          <tr>
            {cols.map((c) => (
              <th key={c}>{c}</th>
            ))}
            {actions && <th />}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {cols.map((c) => (
                <td
                  key={c}
                  data-col={c}
                  className={typeof row[c] === 'object' ? 'ops-json' : undefined}
                  title={text(row[c]).length > LONG ? text(row[c]) : undefined}
                >
                  {short(text(row[c]))}
                </td>
              ))}
              {actions && <td className="ops-actions">{actions(row)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
