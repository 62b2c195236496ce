// The real server in a child process, optionally pinned off the browser's core; its CPU and RSS read from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WEEKDAY_NOON } from '../../tests/e2e/app-server.ts';
import { freePort } from '../../tests/fixtures/free-port.ts';

export type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;
export type ProcUsage = NonNullable<ReturnType<typeof procUsage>>;

/** USER_HZ: 100 on every Linux the bench targets. */
const USER_HZ = 100;

/** Cumulative CPU seconds (user + system) and resident memory. */
export function procUsage(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
    if (!Number.isFinite(utime) || !Number.isFinite(rssKb)) return null;
    return { cpuSeconds: (utime + stime) / USER_HZ, rssBytes: rssKb * 1024 };
  } catch {
    return null; // not Linux, or the process is gone
  }
}

/** Polls /healthz; `gone` says why to stop early (the process exited), `log` what an error adds. */
export async function waitHealthy(
  url: string,
  ms: number,
  gone = (): string | null => null,
  log = () => '',
): Promise<void> {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    const why = gone();
    if (why) throw new Error(`${why}\n${log()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
  }
  throw new Error(`${url} did not answer /healthz in ${ms} ms\n${log()}`);
}

/** `node` under `taskset -c cpus` when pinned: taskset execs it, so the pid stays the node process's. */
export function pinnedCommand(cpus: string | null, node: string[]): [string, string[]] {
  const [cmd = process.execPath, ...args] = cpus ? ['taskset', '-c', cpus, ...node] : node;
  return [cmd, args];
}

/** Every bench server simulates from the same seed, so runs see the same prices. */
export const SIM_SEED = '20240601';

/** The simulator's load: `instruments` synthetic instruments at `hz` ticks a second each. */
export function simEnv(instruments: number, hz = 20): Record<string, string> {
  return { SIM_INSTRUMENTS: String(instruments), SIM_HZ: String(hz), SIM_SEED };
}

/** What run.ts gives each section it runs in its own process. */
export interface SectionOptions {
  quick: boolean;
  log(line: string): void;
  /** Run on an interrupt, and after the section whatever its end. */
  onCleanup(fn: () => Promise<void>): void;
}

export interface ServerOptions {
  env: Record<string, string>;
  distDir: string;
  /** e.g. "1"; null = no pinning. */
  cpus: string | null;
  /**
   * A weekday's market on any day, for a path that trades (at the weekend only crypto is open, over a demo account's
   * retail cap); otherwise the system clock, which the server-tick-to-paint figures compare the browser's clock with.
   */
  weekday?: boolean;
}

/** The bench server's environment; the caller's own variables win over the defaults, never over the wiring. */
export function benchServerEnv(
  opts: Pick<ServerOptions, 'env' | 'distDir' | 'weekday'>,
  callerEnv: NodeJS.ProcessEnv,
  at: { port: number; dataDir: string },
): NodeJS.ProcessEnv {
  return {
    // Many simulated users from one address: relax the abuse budgets (server/security/limits.ts).
    RATE_LIMIT_FACTOR: '1000',
    HOUSE_TRADERS: '0', // the same server in every run: no orders of the house's beside the bench's load
    ...(opts.weekday ? { SIM_TIME: WEEKDAY_NOON } : {}),
    ...callerEnv,
    ...opts.env,
    PORT: String(at.port),
    HOST: '127.0.0.1',
    DATA_DIR: at.dataDir,
    LOG_LEVEL: 'warn',
    BENCH_DIST: opts.distDir,
  };
}

/** A bench server for as long as `fn` runs; `onCleanup` stops it on an interrupt too. */
export async function withBenchServer<T>(
  opts: ServerOptions,
  onCleanup: ((fn: () => Promise<void>) => void) | null,
  fn: (server: BenchServer) => Promise<T>,
): Promise<T> {
  const server = await startBenchServer(opts);
  onCleanup?.(() => server.stop());
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}

/** SIGTERM, and SIGKILL if it has not exited after `killAfterMs`; resolves once it has. */
export async function stopChild(child: ChildProcess, killAfterMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await exited;
  clearTimeout(timer);
}

/** `fn` run at its first call only; every call answers that run (a stop both a cleanup and a `finally` call). */
export function once(fn: () => Promise<void>): () => Promise<void> {
  let run: Promise<void> | null = null;
  return () => (run ??= fn());
}

export async function startBenchServer(opts: ServerOptions) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tickwise-bench-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  // --expose-gc: serve-entry.ts collects once after start, so the idle RSS is not start-up garbage.
  const node = [process.execPath, '--expose-gc', '--import', 'tsx', 'bench/lib/serve-entry.ts'];
  const child = spawn(...pinnedCommand(opts.cpus, node), {
    env: benchServerEnv(opts, process.env, { port, dataDir }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const out of [child.stdout, child.stderr]) out?.on('data', (d: Buffer) => void (log += d.toString()));
  const pid = child.pid ?? -1; // taskset execs the node binary: the pid stays the server's
  const stop = async (): Promise<void> => {
    await stopChild(child, 12_000);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const exited = (): string | null => (child.exitCode === null ? null : `bench server exited with ${child.exitCode}`);
    await waitHealthy(url, 120_000, exited, () => log);
  } catch (err) {
    await stop();
    throw err;
  }
  // SIGUSR2, see serve-entry.ts.
  const collectGarbage = (): void => void (child.exitCode === null && child.kill('SIGUSR2'));
  return { url, pid, usage: () => procUsage(pid), collectGarbage, stop };
}
