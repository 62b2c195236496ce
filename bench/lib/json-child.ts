// A bench helper process (load generators): `node --import tsx SCRIPT '<spec JSON>'`, optionally pinned with
// taskset. Its stderr carries marker lines (WINDOW_START, READY …) the parent reacts to; its stdout is one JSON line,
// the result. Killed if it outlives its own deadline by 30 s.
import { spawn } from 'node:child_process';

export function runJsonChild<T>(
  script: string,
  spec: { deadlineMs: number },
  cpus: string | null,
  markers: readonly string[],
  onMarker: (marker: string) => void,
): Promise<T> {
  const node = [process.execPath, '--import', 'tsx', script, JSON.stringify(spec)];
  const [cmd, ...args] = cpus ? ['taskset', '-c', cpus, ...node] : node;
  return new Promise((resolve, reject) => {
    const child = spawn(cmd ?? process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
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
      if (code !== 0) {
        reject(new Error(`${script} exited with ${String(code)}: ${err.trim().slice(0, 500)}`));
        return;
      }
      try {
        resolve(JSON.parse(out.trim()) as T);
      } catch (e) {
        reject(new Error(`${script}: output unreadable: ${(e as Error).message}`));
      }
    });
  });
}
