// docs/back-office.md "Staff accounts"; the server ends the member's other sessions. Not for break-glass.
import { useState, type FormEvent, type ReactElement } from 'react';
import { changePassword, type OpsAuth } from './ops-api.ts';
import { SecretField } from './ops-field.tsx';
import { failureText, OPS_TEXT } from './texts.ts';

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
