// The server as the bench runs it: server/serve.ts's wiring plus the synthetic instruments, serving BENCH_DIST.
import { configFromEnv } from '../../server/config.ts';
import { createServer } from '../../server/compose.ts';
import { applyBenchMapping } from '../feeds/bench-mapping.ts';
import { syntheticCatalogueFromEnv } from './synthetic-catalogue.ts';

async function main(): Promise<void> {
  const config = configFromEnv();
  const distDir = process.env.BENCH_DIST || undefined;
  const catalogue = syntheticCatalogueFromEnv(process.env);
  const server = await createServer({ ...config, distDir, market: { ...config.market, catalogue } });
  // A market writer that lost its lock must not write on (as server/serve.ts).
  void server.leadershipLost?.then(() => process.exit(1));
  const url = await server.listen(config.port, config.host);
  // tests/fixtures/cluster-procs.ts waits for serve.ts's words for a role.
  if (server.role !== 'all')
    process.stdout.write(`  Tickwise ${server.role} is running at ${url} (pid ${process.pid})\n`);
  if (process.env.FEEDS_BENCH_MAP) applyBenchMapping(server, Number(process.env.FEEDS_BENCH_MAP));
  // SIGUSR2 = one full GC before the idle RSS is sampled, which start-up garbage would otherwise inflate.
  process.on('SIGUSR2', () => (globalThis as { gc?: () => void }).gc?.());
  process.stdout.write(`bench server listening on ${url} (client ${distDir ?? './dist'})\n`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 10_000).unref(); // a stuck close must not outlive the bench
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench server failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
