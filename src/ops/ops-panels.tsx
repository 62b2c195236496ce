// Each panel is a view over ops commands, so the server's rights decide what works.
import { OpsAlert, OpsField, SecretField } from './ops-field.tsx';
import { useCallback, useEffect, useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { cellText as text, changePassword, runCommand, toCsv, type OpsAuth, type Row } from './ops-api.ts';
import { Sentence } from './result-view.tsx';
import { failureText, OPS_TEXT, ROLE_NAMES } from './texts.ts';

// Buttons in the last column, so a row reads who it is before what can be done to it; cards on a phone (ops.css).
const LONG = 160;
/** The whole value is in the tooltip and the CSV export. */
const short = (t: string): string => (t.length > LONG ? `${t.slice(0, LONG)}…` : t);

function RowsTable({
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

interface PanelProps {
  auth: OpsAuth;
  onGone: (err: unknown) => void;
}

function usePanel(props: PanelProps, list: string, args: Record<string, string> = {}) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<{ name: string; row: Row } | null>(null);
  const { auth, onGone } = props;
  const key = JSON.stringify(args);
  const fail = useCallback(
    (err: unknown) => {
      onGone(err);
      setError(failureText(err));
    },
    [onGone],
  );
  const load = useCallback(() => {
    runCommand<Row[]>(auth, list, JSON.parse(key) as Record<string, string>).then(setRows, fail);
  }, [auth, list, key, fail]);
  useEffect(load, [load]);
  /** `done` after it succeeded (a form clears itself). */
  const act = (name: string, a: Record<string, string>, done?: () => void) => {
    setError(null);
    setNote(null);
    runCommand<Row>(auth, name, a).then((r) => {
      setNote({ name, row: r });
      done?.();
      load();
    }, fail);
  };
  return { rows, error, note, load, act };
}

function Feedback({ error, note }: { error: string | null; note: { name: string; row: Row } | null }) {
  return (
    <>
      <OpsAlert text={error} />
      {note && <Sentence name={note.name} data={note.row} />}
    </>
  );
}

/** A row's buttons: each runs its command with the row's `args`. */
function rowButtons(
  act: (name: string, a: Record<string, string>) => void,
  args: Record<string, string>,
  buttons: [name: string, label: string][],
) {
  return buttons.map(([name, label], i) => (
    <button key={i} type="button" onClick={() => act(name, args)}>
      {label}
    </button>
  ));
}

export function ApprovalsPanel(props: PanelProps) {
  const p = usePanel(props, 'approval-list');
  return (
    <section className="ops-card" aria-label={OPS_TEXT.tabApprovals}>
      <h2>{OPS_TEXT.tabApprovals}</h2>
      <p className="ops-muted">{OPS_TEXT.approvalsHelp}</p>
      <Feedback error={p.error} note={p.note} />
      {p.rows && p.rows.length === 0 ? (
        <p className="ops-muted">{OPS_TEXT.approvalsEmpty}</p>
      ) : (
        <RowsTable
          rows={p.rows ?? []}
          label={OPS_TEXT.tabApprovals}
          actions={(r) =>
            rowButtons(p.act, { id: String(r.id) }, [
              ['approval-give', OPS_TEXT.approve],
              ['approval-drop', OPS_TEXT.drop],
            ])
          }
        />
      )}
    </section>
  );
}

/** One text input of a panel's form, kept in `form` under its name. */
function textField<K extends string, F extends Record<K, string>>(
  form: F,
  setForm: (f: F) => void,
  name: K,
  label: string,
) {
  return <OpsField label={label} name={name} value={form[name]} onChange={(v) => setForm({ ...form, [name]: v })} />;
}

export function AuditPanel(props: PanelProps) {
  const [form, setForm] = useState({ text: '', action: '', from: '', to: '' });
  const [args, setArgs] = useState<Record<string, string>>({ limit: '200' });
  const p = usePanel(props, 'audit-search', args);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = { limit: '1000' };
    for (const [k, v] of Object.entries(form)) if (v.trim()) next[k] = v.trim();
    setArgs(next);
  };
  const download = () => {
    // A data: URL needs no revoking, where an object URL would need a timer to outlive the download.
    const a = document.createElement('a');
    a.href = `data:text/csv;charset=utf-8,${encodeURIComponent(toCsv(p.rows ?? []))}`;
    a.download = `audit-${new Date().toISOString().slice(0, 10)}.csv`;
    a.click();
  };
  return (
    <section className="ops-card" aria-label={OPS_TEXT.tabAudit}>
      <h2>{OPS_TEXT.tabAudit}</h2>
      <p className="ops-muted">{OPS_TEXT.auditHelp}</p>
      <form className="ops-filters" onSubmit={submit} aria-label={OPS_TEXT.search}>
        {textField(form, setForm, 'text', OPS_TEXT.auditText)}
        {textField(form, setForm, 'action', OPS_TEXT.auditAction)}
        {textField(form, setForm, 'from', OPS_TEXT.auditFrom)}
        {textField(form, setForm, 'to', OPS_TEXT.auditTo)}
        <div className="ops-buttons">
          <button type="submit">{OPS_TEXT.search}</button>
          <button type="button" disabled={!p.rows || p.rows.length === 0} onClick={download}>
            {OPS_TEXT.exportCsv}
          </button>
        </div>
      </form>
      <Feedback error={p.error} note={null} />
      <RowsTable rows={p.rows ?? []} label={OPS_TEXT.tabAudit} />
    </section>
  );
}

export function StaffPanel(props: PanelProps) {
  const p = usePanel(props, 'staff-list');
  const blank = { login: '', name: '', role: 'support' };
  const [form, setForm] = useState(blank);
  const create = (e: FormEvent) => {
    e.preventDefault();
    p.act('staff-create', form, () => setForm(blank));
  };
  return (
    <section className="ops-card" aria-label={OPS_TEXT.tabStaff}>
      <h2>{OPS_TEXT.tabStaff}</h2>
      <form className="ops-filters" onSubmit={create} aria-label={OPS_TEXT.staffNew}>
        {textField(form, setForm, 'login', OPS_TEXT.login)}
        {textField(form, setForm, 'name', OPS_TEXT.staffName)}
        <label className="ops-field">
          <span>{OPS_TEXT.staffRole}</span>
          <select name="role" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value })}>
            {ROLE_NAMES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <div className="ops-buttons">
          <button type="submit">{OPS_TEXT.create}</button>
        </div>
      </form>
      <Feedback error={p.error} note={p.note} />
      {typeof p.note?.row.first_password === 'string' && (
        <p className="ops-password">
          {OPS_TEXT.firstPassword} <code data-testid="first-password">{p.note.row.first_password}</code>
        </p>
      )}
      <RowsTable
        rows={p.rows ?? []}
        label={OPS_TEXT.tabStaff}
        first={['name', 'login']}
        actions={(r) =>
          rowButtons(p.act, { login: String(r.login) }, [
            ['staff-revoke', OPS_TEXT.revoke],
            r.active ? ['staff-disable', OPS_TEXT.disable] : ['staff-enable', OPS_TEXT.enable],
            ['staff-reset', OPS_TEXT.reset],
          ])
        }
      />
    </section>
  );
}

// docs/back-office.md "Staff accounts"; the server ends the member's other sessions. Not for break-glass.
export function PasswordPanel(props: { auth: OpsAuth; onGone: (err: unknown) => void }): ReactElement {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [code, setCode] = useState('');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNote(null);
    changePassword(props.auth, current, next, code.trim()).then(
      () => {
        setCurrent('');
        setNext('');
        setCode('');
        setNote({ ok: true, text: OPS_TEXT.changed });
      },
      (err: unknown) => {
        props.onGone(err);
        setNote({ ok: false, text: failureText(err) });
      },
    );
  };
  return (
    <form className="ops-card ops-login" onSubmit={submit} aria-label={OPS_TEXT.tabPassword}>
      <p className="ops-muted">{OPS_TEXT.passwordHelp}</p>
      <SecretField kind="current" label={OPS_TEXT.currentPassword} value={current} onChange={setCurrent} />
      <SecretField kind="own" value={next} onChange={setNext} />
      <SecretField kind="code" value={code} onChange={setCode} />
      {note && (
        <p className={note.ok ? 'ops-muted' : 'ops-error'} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </p>
      )}
      <button type="submit">{OPS_TEXT.change}</button>
    </form>
  );
}
