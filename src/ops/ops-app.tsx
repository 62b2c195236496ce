// The back-office page (/ops.html): connect with the operator token, pick a command, fill its parameters, run it,
// read the result. The command list comes from the server, so a feature's new command appears here by itself.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { listCommands, OpsError, runCommand, TOKEN_KEY, type OpsCommandInfo } from './ops-api.ts';
import { ResultView } from './result-view.tsx';
// The page's timers adapter (a leaf module: no app code comes with it).
import { browserTimers } from '../state/clock.ts';
import { OPS_TEXT } from './texts.ts';

const message = (err: unknown): string => (err instanceof OpsError ? err.message : OPS_TEXT.failed);

function TokenForm({ onConnect, error }: { onConnect: (token: string) => void; error: string | null }) {
  const [token, setToken] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (token.trim()) onConnect(token.trim());
  };
  return (
    <form className="ops-card" onSubmit={submit}>
      <label className="ops-field">
        <span>{OPS_TEXT.token}</span>
        <input
          name="token"
          type="password"
          autoComplete="off"
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
        <small className="ops-muted">{OPS_TEXT.tokenHelp}</small>
      </label>
      {error && (
        <p className="ops-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit">{OPS_TEXT.connect}</button>
    </form>
  );
}

function CommandForm(props: {
  cmd: OpsCommandInfo;
  values: Record<string, string>;
  busy: boolean;
  onChange: (name: string, value: string) => void;
  onRun: () => void;
}) {
  const { cmd, values, busy } = props;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onRun();
  };
  return (
    <form className="ops-card" onSubmit={submit} aria-label={cmd.name}>
      <h2>{cmd.name}</h2>
      <p className="ops-muted">{cmd.summary}</p>
      {cmd.params.map((p) => (
        <label key={p.name} className="ops-field">
          <span>
            {p.name} {p.optional && <small className="ops-muted">{OPS_TEXT.optional}</small>}
          </span>
          <input name={p.name} value={values[p.name] ?? ''} onChange={(e) => props.onChange(p.name, e.target.value)} />
          <small className="ops-muted">{p.help}</small>
        </label>
      ))}
      <button type="submit" disabled={busy}>
        {busy ? OPS_TEXT.running : OPS_TEXT.run}
      </button>
    </form>
  );
}

export function OpsApp() {
  const [token, setToken] = useState<string | null>(null);
  const [commands, setCommands] = useState<OpsCommandInfo[] | null>(null);
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
  /** A read-only command's result refreshed every second (the dealer's view): its name and arguments. */
  const [live, setLive] = useState<{ name: string; args: Record<string, string> } | null>(null);
  useEffect(() => {
    if (!token || !live) return;
    const id = browserTimers.setInterval(() => {
      runCommand(token, live.name, live.args).then(
        (data) => setResult((r) => ({ ...r, data })),
        (err: unknown) => {
          setLive(null);
          setError(message(err));
        },
      );
    }, 1000);
    return () => browserTimers.clearInterval(id);
  }, [token, live]);

  const connect = useCallback((t: string) => {
    setError(null);
    listCommands(t).then(
      (list) => {
        sessionStorage.setItem(TOKEN_KEY, t);
        setToken(t);
        setCommands(list);
      },
      (err: unknown) => {
        sessionStorage.removeItem(TOKEN_KEY);
        setToken(null);
        setError(message(err));
      },
    );
  }, []);
  // A reload in the same tab reconnects with the token kept in sessionStorage (gone when the tab closes).
  useEffect(() => {
    const stored = sessionStorage.getItem(TOKEN_KEY);
    if (stored) connect(stored);
  }, [connect]);

  const cmd = commands?.find((c) => c.name === picked);
  const run = () => {
    if (!token || !cmd) return;
    setBusy(true);
    setError(null);
    const args: Record<string, string> = {};
    for (const p of cmd.params) {
      const v = values[p.name]?.trim();
      if (v) args[p.name] = v;
    }
    setLive(null);
    runCommand(token, cmd.name, args)
      .then(
        (data) => {
          setResult({ data, name: cmd.name, args, live: cmd.live === true });
        },
        (err: unknown) => setError(message(err)),
      )
      .finally(() => setBusy(false));
  };
  const pickRow = (row: Record<string, unknown>) => {
    const next: Record<string, string> = { ...values };
    for (const [k, v] of Object.entries(row)) if (typeof v === 'string' || typeof v === 'number') next[k] = String(v);
    setValues(next);
  };
  const forget = () => {
    setLive(null);
    sessionStorage.removeItem(TOKEN_KEY);
    setToken(null);
    setCommands(null);
    setResult(null);
  };

  return (
    <main className="ops">
      <header className="ops-head">
        <h1>{OPS_TEXT.title}</h1>
        {commands && (
          <button type="button" className="ops-link" onClick={forget}>
            {OPS_TEXT.forget}
          </button>
        )}
      </header>
      {!commands ? (
        <TokenForm onConnect={connect} error={error} />
      ) : (
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
              <CommandForm
                cmd={cmd}
                values={values}
                busy={busy}
                onChange={(k, v) => setValues({ ...values, [k]: v })}
                onRun={run}
              />
            )}
            {error && (
              <p className="ops-error" role="alert">
                {error}
              </p>
            )}
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
                <ResultView token={token ?? ''} data={result.data} onPick={pickRow} />
              </div>
            )}
          </section>
        </div>
      )}
    </main>
  );
}
