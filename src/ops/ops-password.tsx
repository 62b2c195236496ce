// docs/back-office.md "Staff accounts"; the server ends the member's other sessions. Not for break-glass.
import { useState, type FormEvent, type ReactElement } from 'react';
import { changePassword, OpsError, type OpsAuth } from './ops-api.ts';
import { OpsField } from './ops-field.tsx';
import { OPS_TEXT } from './texts.ts';

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
        setNote({ ok: false, text: err instanceof OpsError ? err.message : OPS_TEXT.failed });
      },
    );
  };
  return (
    <form className="ops-card ops-login" onSubmit={submit} aria-label={OPS_TEXT.tabPassword}>
      <p className="ops-muted">{OPS_TEXT.passwordHelp}</p>
      <OpsField
        label={OPS_TEXT.currentPassword}
        name="password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
      />
      <OpsField
        label={OPS_TEXT.ownPassword}
        name="new_password"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={setNext}
      />
      <OpsField
        label={OPS_TEXT.code}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={setCode}
      />
      {note && (
        <p className={note.ok ? 'ops-muted' : 'ops-error'} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </p>
      )}
      <button type="submit">{OPS_TEXT.change}</button>
    </form>
  );
}
