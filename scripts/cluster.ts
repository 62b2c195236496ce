// `npm run cluster -- --gateways N [--port P]`: the whole cluster on this machine (docs/scaling.md) — a throwaway
// PostgreSQL in a temp dir, a nats-server, two market processes (one leads, one waits) and N gateways on 127.0.0.1,
// behind Debian's haproxy (round robin, websockets included). Prints the URL; Ctrl-C stops everything it started.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRole, type RoleProcess } from '../tests/fixtures/cluster-procs.ts';
import { startNatsServer } from '../tests/fixtures/nats-server.ts';
import { startPostgresCluster } from '../tests/fixtures/postgres-cluster.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i >= 0 ? process.argv[i + 1] : undefined;
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65_535) throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  return n;
}

function haproxyBin(): string {
  for (const p of ['/usr/sbin/haproxy', '/usr/bin/haproxy']) if (existsSync(p)) return p;
  throw new Error('haproxy not found: apt-get install -y haproxy (scripts/ensure-system-deps.sh does it)');
}

/** Round robin over the gateways; websockets pass through (timeout tunnel), the client's address in X-Forwarded-For. */
function haproxyConfig(port: number, gateways: readonly string[]): string {
  return [
    'global',
    '  maxconn 9000', // within a default 20,000 open-file limit (two descriptors per proxied connection)
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 120s',
    '  timeout server 120s',
    '  timeout tunnel 1h',
    '  option forwardfor',
    'frontend tickwise',
    `  bind 127.0.0.1:${port}`,
    '  default_backend gateways',
    'backend gateways',
    '  balance roundrobin',
    '  option httpchk GET /healthz',
    ...gateways.map((url, i) => `  server g${i + 1} ${new URL(url).host} check inter 1s fall 2 rise 1`),
    '',
  ].join('\n');
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
    for (const c of [...children, ...roles.map((r) => r.child)]) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await Promise.all(roles.map((r) => r.exited()));
    for (const c of cleanups.reverse()) await Promise.resolve().then(c).catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  try {
    const pg = await startPostgresCluster();
    cleanups.push(() => pg.stop());
    const nats = await startNatsServer();
    cleanups.push(() => nats.stop());
    const env = { databaseUrl: pg.adminUrl, natsUrl: nats.url, dataDir: dir, env: { LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' } };
    const markets = [startRole('market', env)];
    roles.push(...markets);
    await markets[0]?.running;
    markets.push(startRole('market', env));
    roles.push(markets[1] as RoleProcess);
    for (const m of markets) {
      m.running.then(() => process.stdout.write(`  market pid ${m.child.pid} leads\n`), () => undefined);
      void m.exited().then(() => stopping || process.stdout.write(`  market pid ${m.child.pid} exited\n`));
    }
    const gateways = Array.from({ length: gatewayCount }, () => startRole('gateway', env));
    roles.push(...gateways);
    const urls = await Promise.all(gateways.map((g) => g.running));
    const cfg = join(dir, 'haproxy.cfg');
    writeFileSync(cfg, haproxyConfig(port, urls));
    const front = spawn(haproxyBin(), ['-f', cfg, '-db'], { stdio: ['ignore', 'inherit', 'inherit'] });
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
        existsSync('dist/index.html') ? '' : '  No client build (dist/): run `npm run build` first to get the web app; the API works without it.',
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
