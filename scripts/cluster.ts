// `npm run cluster -- --gateways N [--port P]`: the whole cluster of docs/scaling.md on this machine, behind haproxy.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRole, type RoleProcess } from '../tests/fixtures/cluster-procs.ts';
import { startHaproxy } from '../tests/fixtures/haproxy.ts';
import { startNatsServer } from '../tests/fixtures/nats-server.ts';
import { startPostgresCluster } from '../tests/fixtures/postgres-cluster.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i >= 0 ? process.argv[i + 1] : undefined;
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65_535)
    throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  return n;
}

async function main(): Promise<void> {
  const gatewayCount = arg('gateways', 2);
  const port = arg('port', 8080);
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-cluster-'));
  const children: ChildProcess[] = [];
  const roles: RoleProcess[] = [];
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(dir, { recursive: true, force: true })];
  let stopping = false;
  const stop = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\n  Stopping the cluster…\n');
    for (const c of [...children, ...roles.map((r) => r.child)])
      if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await Promise.all(roles.map((r) => r.exited()));
    for (const c of cleanups.reverse())
      await Promise.resolve()
        .then(c)
        .catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  try {
    const pg = await startPostgresCluster();
    cleanups.push(() => pg.stop());
    const nats = await startNatsServer();
    cleanups.push(() => nats.stop());
    const env = {
      databaseUrl: pg.adminUrl,
      natsUrl: nats.url,
      dataDir: dir,
      env: { LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' },
    };
    const markets = [startRole('market', env)];
    roles.push(...markets);
    await markets[0]?.running;
    markets.push(startRole('market', env));
    roles.push(markets[1] as RoleProcess);
    for (const m of markets) {
      m.running.then(
        () => process.stdout.write(`  market pid ${m.child.pid} leads\n`),
        () => undefined,
      );
      void m.exited().then(() => stopping || process.stdout.write(`  market pid ${m.child.pid} exited\n`));
    }
    const gateways = Array.from({ length: gatewayCount }, () => startRole('gateway', env));
    roles.push(...gateways);
    const urls = await Promise.all(gateways.map((g) => g.running));
    const front = startHaproxy(dir, port, urls);
    children.push(front);
    front.once('exit', (code) => {
      if (!stopping) {
        process.stderr.write(`haproxy exited (${code}): is port ${port} free? Try --port\n`);
        void stop(1);
      }
    });
    process.stdout.write(
      [
        '',
        `  Tickwise cluster is running at http://127.0.0.1:${port}`,
        `  ${gatewayCount} gateway(s): ${urls.join(' ')}`,
        `  2 market processes (pids ${markets.map((m) => m.child.pid).join(', ')}); kill -9 the leader to watch the other take over.`,
        `  PostgreSQL ${pg.adminUrl}, NATS ${nats.url}`,
        existsSync('dist/index.html')
          ? ''
          : '  No client build (dist/): run `npm run build` first to get the web app; the API works without it.',
        '  Ctrl-C stops everything.',
        '',
      ].join('\n'),
    );
  } catch (err) {
    process.stderr.write(`cluster failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
    await stop(1);
  }
}

void main();
