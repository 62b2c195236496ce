// A plain table of rows with optional buttons per row (approve, disable…): the panels' lists. Values that are
// objects (an audit row's before and after) are shown as compact JSON.
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
}: {
  rows: readonly Row[];
  label: string;
  actions?: (row: Row) => ReactNode;
}) {
  if (rows.length === 0) return <p className="ops-muted">{OPS_TEXT.empty}</p>;
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    <div className="ops-scroll">
      <table className="ops-table ops-rows" aria-label={label}>
        <thead>
          <tr>
            {actions && <th />}
            {cols.map((c) => (
              <th key={c}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {actions && <td className="ops-actions">{actions(row)}</td>}
              {cols.map((c) => (
                <td
                  key={c}
                  className={typeof row[c] === 'object' ? 'ops-json' : undefined}
                  title={text(row[c]).length > LONG ? text(row[c]) : undefined}
                >
                  {short(text(row[c]))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
