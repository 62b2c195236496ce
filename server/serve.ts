// Entry point for `npm start`; a market writer that lost its lock exits at once, since it must not write.
import { configFromEnv } from './config.ts';
import { openServerDb } from './db/open-db.ts';
import { smtpWhere } from './notify/delivery-options.ts';
import type { RunningServer } from './compose.ts';

const SHUTDOWN_GRACE_MS = 10_000;

let server: RunningServer | undefined;
let stopping = false;

function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  // A stuck close must not keep the process alive forever.
  setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  if (!server) return; // still starting: main() closes it as soon as it exists
  server.ctx.log.info({ signal }, 'shutting down');
  server.close().then(
    () => process.exit(0),
    (err: unknown) => {
      server?.ctx.log.error({ err }, 'shutdown failed');
      process.exit(1);
    },
  );
}

// Installed before anything is printed: a supervisor may signal as soon as it sees the banner.
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));

async function main(): Promise<void> {
  const config = configFromEnv();
  // PGlite's worker opens its files while the app's modules load below: on a second core, side by side.
  const early = !config.databaseUrl && (config.role ?? 'all') === 'all' ? openServerDb(config) : undefined;
  early?.db.catch(() => undefined); // compose.ts takes its failure; until then it is no unhandled rejection
  const { createServer } = await import('./compose.ts');
  const started = await createServer(config, early);
  if (stopping) {
    await started.close(); // a signal arrived during start-up: flush and leave
    process.exit(0);
  }
  server = started;
  void started.leadershipLost?.then((err) => {
    started.ctx.log.fatal({ err }, 'market writer lost the writer lock: exiting');
    process.exit(1);
  });
  const url = await started.listen(config.port, config.host);
  if (started.role !== 'all') {
    process.stdout.write(`  Tickwise ${started.role} is running at ${url} (pid ${process.pid})\n`);
    return;
  }
  const local = config.host === '0.0.0.0' || config.host === '::' ? `http://localhost:${new URL(url).port}` : url;
  const db = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`;
  process.stdout.write(
    [
      '',
      `  Tickwise is running at ${local}`,
      `  Database: ${db}`,
      '  Try it: open the URL, tap "Log in", then "Demo account" — a demo user with 100,000 USD is created for you.',
      `  Or from a shell: curl '${local}/api/user/createAccountDemoForU?demo_id=try-me-12345'`,
      config.delivery?.smtp || config.delivery?.sms
        ? `  Codes and notices: ${[config.delivery.smtp ? `e-mail by ${smtpWhere(config.delivery.smtp.url)}` : 'e-mail to the outbox', config.delivery.sms ? `SMS by ${config.delivery.sms.provider}` : 'SMS to the outbox'].join(', ')} (npm run ops -- deliveries)`
        : '  Verification codes (no SMS/e-mail gateway) wait in the outbox: npm run ops -- outbox --to <e-mail or mobile>',
      '  Back office: /ops.html, or npm run ops -- login (first administrator: npm run ops -- staff-create --role admin).',
      '',
    ].join('\n'),
  );
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Tickwise failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
