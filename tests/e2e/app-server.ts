// Runs the real server (as `npm start` does, minus the build) in a child process on 127.0.0.1, so a test can stop
// it and bring it back on the same port and data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../fixtures/free-port.ts';
import { slow } from '../fixtures/slowness.ts';
import { TEST_SERVER_ENV, TEST_SERVER_NODE_FLAGS } from '../fixtures/test-server-costs.ts';

export interface AppServer {
  url: string;
  port: number;
  dataDir: string;
  /** The break-glass OPS_TOKEN this server was given explicitly (E2E_OPS_TOKEN): the helpers' way into the ops API. */
  opsToken: string;
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL: no shutdown hooks, requests in flight cut (fault injection). */
  kill(): Promise<void>;
  /** Starts it again; `extraEnv` overrides for this run (e.g. DIST_DIR: another build on the same origin). */
  start(extraEnv?: Record<string, string>): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * Until the child has said it listens on `url` and /healthz answers there. Its own line first: a port free at
 * freePort's check can be bound by another lane's server before this one binds it, and that server answers /healthz too.
 */
async function waitHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if (output().includes(`running at ${url}\n`) && (await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy in time');
}

/** Where the e2e global setup says its seeded data-directory template is (tests/e2e/data-template.ts): an
 * environment variable, as the bench also starts app servers, outside vitest, without one. */
export const DATA_TEMPLATE_ENV = 'TICKWISE_E2E_DATA_TEMPLATE';

/** A Wednesday noon (UTC): every market of the simulator is open. */
export const WEEKDAY_NOON = '2026-11-18T12:00:00Z';

/** Break-glass is off by default; e2e servers set it explicitly for the helpers that set up data. */
export const E2E_OPS_TOKEN = 'e2e-break-glass-token-0123456789abcdef';

/**
 * Starts the server on a free port. A port another process took between freePort's check and the server's bind
 * (EADDRINUSE) is given up for another, three times at most; a restart keeps its port, the page's origin.
 */
export async function startAppServer(
  env: Record<string, string> = { SIM_TIME: WEEKDAY_NOON },
  ports: () => Promise<number> = freePort,
): Promise<AppServer> {
  for (let attempt = 1; ; attempt++) {
    const app = appServerOn(await ports(), env);
    try {
      await app.start();
      return app;
    } catch (err) {
      await app.dispose();
      if (attempt >= 3 || !app.output().includes('EADDRINUSE')) throw err;
    }
  }
}

function appServerOn(port: number, env: Record<string, string>): AppServer {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickwise-e2e-'));
  // Under vitest the global setup has made a migrated and seeded database: start from a copy of it.
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template) cpSync(template, dataDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let log = '';
  // SIM_TIME fixes the market's calendar (a weekday, so forex is open); a restart continues from where the clock
  // would be by now instead of jumping back to the start.
  const simBase = env.SIM_TIME ? Date.parse(env.SIM_TIME) : null;
  const wallAtStart = Date.now();
  const simEnv = (): Record<string, string> =>
    simBase === null ? {} : { SIM_TIME: new Date(simBase + (Date.now() - wallAtStart)).toISOString() };

  const app: AppServer = {
    url,
    port,
    dataDir,
    opsToken: E2E_OPS_TOKEN,
    output: () => log,
    async start(extraEnv: Record<string, string> = {}) {
      const from = log.length; // this start's output: a restart's log holds the last start's line
      const proc = spawn(process.execPath, [...TEST_SERVER_NODE_FLAGS, 'server/serve.ts'], {
        // Every browser test comes from 127.0.0.1: relax the abuse budgets explicitly (a test env may override).
        env: {
          ...process.env,
          ...TEST_SERVER_ENV,
          DB_TX_GUARD: '1', // the outer db inside its own transaction is an error, not a hung server
          OPS_TOKEN: E2E_OPS_TOKEN,
          // A page needs a moving price, not twenty a second: what each tick costs a page is the bench's to measure.
          SIM_TICK_MS: '250',
          ...env,
          ...extraEnv,
          ...simEnv(),
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      proc.stdout?.on('data', (d: Buffer) => {
        log += d.toString();
      });
      proc.stderr?.on('data', (d: Buffer) => {
        log += d.toString();
      });
      child = proc;
      const closed = new Promise((r) => proc.once('close', r)); // its output read to the end
      try {
        await waitHealthy(url, proc, () => log.slice(from), slow(100_000)); // a loaded 2-core machine took 50 s (the e2e hook allows 120 s)
      } catch (e) {
        if (proc.exitCode !== null) await closed;
        throw new Error(`${(e as Error).message}\n${log}`, { cause: e });
      }
    },
    async stop() {
      const proc = child;
      if (!proc || proc.exitCode !== null) return;
      const exited = new Promise<void>((r) => proc.once('exit', () => r()));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      child = null;
    },
    async kill() {
      const proc = child;
      if (!proc || proc.exitCode !== null) return;
      const exited = new Promise<void>((r) => proc.once('exit', () => r()));
      proc.kill('SIGKILL');
      await exited;
      child = null;
    },
    async dispose() {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return app;
}
