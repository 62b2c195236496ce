// A bench helper process: marker lines on stderr, one JSON result line on stdout; killed 30 s past its deadline.
import { spawn } from 'node:child_process';
import { pinnedCommand } from './app-server.ts';

export function runJsonChild<T>(
  script: string,
  spec: { deadlineMs: number },
  cpus: string | null,
  markers: readonly string[],
  onMarker: (marker: string) => void,
): Promise<T> {
  const node = [process.execPath, '--import', 'tsx', script, JSON.stringify(spec)];
  return new Promise((resolve, reject) => {
    const child = spawn(...pinnedCommand(cpus, node), { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => void (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      let text = d.toString();
      for (const m of markers) {
        if (!text.includes(`${m}\n`)) continue;
        onMarker(m);
        text = text.split(`${m}\n`).join('');
      }
      err += text;
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), spec.deadlineMs + 30_000);
    child.on('exit', (code) => {
      clearTimeout(killer);
      if (code !== 0) return reject(new Error(`${script} exited with ${String(code)}: ${err.trim().slice(0, 500)}`));
      try {
        resolve(JSON.parse(out.trim()) as T);
      } catch (e) {
        reject(new Error(`${script}: output unreadable: ${(e as Error).message}`));
      }
    });
  });
}

export const errorText = (err: unknown): string => (err instanceof Error ? (err.stack ?? err.message) : String(err));
/** Playwright's messages carry a call log after their first line. */
export const firstLine = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';

/** When `script` is what node runs: run's result as one JSON line on stdout, exit 0; else the error, exit 1. */
export function jsonMain(script: string, run: () => Promise<unknown>): void {
  if (!process.argv[1]?.endsWith(script)) return;
  run().then(
    (r) => process.stdout.write(`${JSON.stringify(r)}\n`, () => process.exit(0)),
    (err: unknown) => {
      process.stderr.write(`${errorText(err)}\n`);
      process.exit(1);
    },
  );
}

/** jsonMain with the spec from argv; ends itself 10 s past the spec's deadline, before the parent's SIGKILL. */
export function jsonChildMain<S extends { deadlineMs: number }, R>(script: string, run: (spec: S) => Promise<R>): void {
  if (!process.argv[1]?.endsWith(script)) return;
  const spec = JSON.parse(process.argv[2] ?? '{}') as S;
  setTimeout(() => {
    process.stderr.write(`${script}: deadline passed, exiting\n`);
    process.exit(2);
  }, spec.deadlineMs + 10_000).unref();
  jsonMain(script, () => run(spec));
}
