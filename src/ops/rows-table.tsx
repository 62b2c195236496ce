// Buttons in the last column, so a row reads who it is before what can be done to it; cards on a phone (ops.css).
import type { ReactNode } from 'react';
import { OPS_TEXT } from './texts.ts';
import { cellText as text, type Row } from './ops-api.ts';

const LONG = 160;
/** The whole value is in the tooltip and the CSV export. */
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
  /** In this order (the staff's name and login). */
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
