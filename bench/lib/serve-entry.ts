// The server as the bench runs it: server/main.ts's wiring from the same environment (PORT, HOST, DATA_DIR,
// SIM_INSTRUMENTS, SIM_HZ, SIM_SEED), but serving the client build named by BENCH_DIST (the probe-enabled one).
import { configFromEnv } from '../../server/config.ts';
import { createServer } from '../../server/server.ts';

async function main(): Promise<void> {
  const config = configFromEnv();
  const distDir = process.env.BENCH_DIST || undefined;
  const server = await createServer({ ...config, distDir });
  const url = await server.listen(config.port, config.host);
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
