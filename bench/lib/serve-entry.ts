// The server as the bench runs it: server/serve.ts's wiring from the same environment (PORT, HOST, DATA_DIR, ROLE,
// SIM_SEED, the price sources), plus the bench's synthetic instruments (SIM_INSTRUMENTS, SIM_HZ) added to its market,
// serving the client build named by BENCH_DIST (the probe-enabled one).
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
  // The feeds section maps synthetic instruments to the stand-in LP (bench/feeds/bench-mapping.ts).
  if (process.env.FEEDS_BENCH_MAP) applyBenchMapping(server, Number(process.env.FEEDS_BENCH_MAP));
  // SIGUSR2 = one full collection (app-server.ts runs node with --expose-gc), sent by the fan-out before it samples
  // the idle RSS: PGlite's first start leaves ~430 MB of external memory that only a major GC a second or more after
  // listen frees, and an idle server ran its next one ~40 s later, so the idle RSS read the start-up garbage.
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
