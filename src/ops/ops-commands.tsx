// The command list comes from the server, so a new command appears here by itself.
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { browserTimers } from '../state/shell/clock.ts';
import { runCommand, type OpsAuth, type OpsCommandInfo } from './ops-api.ts';
import { OpsAlert } from './ops-field.tsx';
import { ResultView } from './result-view.tsx';
import { failureText, OPS_TEXT } from './texts.ts';

export function CommandsTab({
  auth,
  commands,
  onGone,
}: {
  auth: OpsAuth;
  commands: readonly OpsCommandInfo[];
  onGone: (err: unknown) => void;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{
    data: unknown;
    name?: string;
    args?: Record<string, string>;
    live?: boolean;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Refreshed every second (the dealer's view). */
  const [live, setLive] = useState<{ name: string; args: Record<string, string> } | null>(null);
  useEffect(() => {
    if (!live) return;
    const id = browserTimers.setInterval(() => {
      runCommand(auth, live.name, live.args).then(
        (data) => setResult((r) => ({ ...r, data })),
        (err: unknown) => {
          setLive(null);
          onGone(err);
          setError(failureText(err));
        },
      );
    }, 1000);
    return () => browserTimers.clearInterval(id);
  }, [auth, live, onGone]);
  const cmd = commands.find((c) => c.name === picked);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!cmd) return;
    setBusy(true);
    setError(null);
    const args: Record<string, string> = {};
    for (const p of cmd.params) {
      const v = values[p.name]?.trim();
      if (v) args[p.name] = v;
    }
    setLive(null);
    runCommand(auth, cmd.name, args)
      .then(
        (data) => setResult({ data, name: cmd.name, args, live: cmd.live === true }),
        (err: unknown) => {
          onGone(err);
          setError(failureText(err));
        },
      )
      .finally(() => setBusy(false));
  };
  const pickRow = (row: Record<string, unknown>) => {
    const next: Record<string, string> = { ...values };
    for (const [k, v] of Object.entries(row)) if (typeof v === 'string' || typeof v === 'number') next[k] = String(v);
    setValues(next);
  };
  return (
    <div className="ops-grid">
      <nav className="ops-card ops-commands" aria-label={OPS_TEXT.commands}>
        <h2>{OPS_TEXT.commands}</h2>
        {commands.map((c) => (
          <button
            key={c.name}
            type="button"
            aria-pressed={c.name === picked}
            title={c.summary}
            onClick={() => setPicked(c.name)}
          >
            {c.name}
          </button>
        ))}
      </nav>
      <section className="ops-main">
        {cmd && (
          <form className="ops-card" onSubmit={submit} aria-label={cmd.name}>
            <h2>{cmd.name}</h2>
            <p className="ops-muted">{cmd.summary}</p>
            {cmd.params.map((p) => {
              const field = {
                name: p.name,
                value: values[p.name] ?? '',
                onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
                  setValues({ ...values, [p.name]: e.target.value }),
              };
              return (
                <label key={p.name} className="ops-field">
                  <span>
                    {p.name} {p.optional && <small className="ops-muted">{OPS_TEXT.optional}</small>}
                  </span>
                  {(p.maxLength ?? 0) > 1000 ? <textarea {...field} rows={8} /> : <input {...field} />}
                  <small className="ops-muted">{p.help}</small>
                </label>
              );
            })}
            <button type="submit" disabled={busy}>
              {busy ? OPS_TEXT.running : OPS_TEXT.run}
            </button>
          </form>
        )}
        <OpsAlert text={error} />
        {result && (
          <div className="ops-card" aria-label={OPS_TEXT.result}>
            <h2>{OPS_TEXT.result}</h2>
            {result.live && result.name ? (
              <label className="ops-live">
                <input
                  type="checkbox"
                  name="live"
                  checked={live !== null}
                  onChange={(e) =>
                    setLive(e.target.checked && result.name ? { name: result.name, args: result.args ?? {} } : null)
                  }
                />
                {OPS_TEXT.live}
              </label>
            ) : null}
            <ResultView auth={auth} name={result.name ?? ''} data={result.data} onPick={pickRow} />
          </div>
        )}
      </section>
    </div>
  );
}
