// kill -9 of the sender between claim and mark (docs/notifications.md "After a kill -9"): `server/serve.ts` as a real
// process sends registration codes through a real SMTP server; the SMTP server takes one message's data whole and
// never answers it (the sender is inside its attempt, the row claimed and `sending`), and the process is killed with
// SIGKILL there. A new process on the same database takes the row again once its lease ran out and delivers it with
// the same Message-ID. At the end every message arrived exactly once: none lost, none twice.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../fixtures/smtp-sink.ts';
import { until } from '../../fixtures/until.ts';
import { api } from '../support/harness.ts';
import { useServerProcesses, type ServerProcess } from '../support/server-process.ts';
import { slow } from '../../fixtures/slowness.ts';

const processes = useServerProcesses('delivery-kill');
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});

const exited = (c: ChildProcess): Promise<void> =>
  c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise((r) => c.once('exit', () => r()));

const start = (): Promise<ServerProcess> =>
  processes.start({
    SMTP_URL: sink.url,
    SMTP_FROM: '"Tickwise" <no-reply@tickwise.test>',
    NOTIFY_LEASE_MS: '6000', // a dead claim is taken again after 6 s (the default is 2 minutes)
    OPS_TOKEN: BREAK_GLASS, // break-glass, set explicitly: the test reads the queue as an operator
  });

const BREAK_GLASS = 'delivery-kill-break-glass-0123456789';

/** The operator's view of one recipient's message, through the running process's back office. */
async function opsRow(url: string, to: string): Promise<Record<string, unknown> | undefined> {
  const token = BREAK_GLASS;
  const res = await fetch(`${url}/api/ops/run/deliveries`, {
    method: 'POST',
    headers: { 'x-ops-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({ to }),
  });
  const body = (await res.json()) as { code: number; data: Array<Record<string, unknown>> };
  return body.data[0];
}

describe('kill -9 of the sender', () => {
  it(
    'loses no message and sends none twice',
    async () => {
      const tag = `${process.pid}-${Date.now()}`;
      const addr = (i: number) => `kill-${tag}-${i}@example.com`;
      const victim = addr(3);
      sink.hold = (to) => to === victim;
      let server = await start();
      const client = api(server.url, { lang: 'en' });
      const send = async (i: number) => {
        const sent = await client.post('/api/notify/send_email', { to: addr(i), type: 1 });
        expect(sent.code, sent.msg).toBe(1);
      };
      for (const i of [0, 1, 2]) await send(i);
      await until(() => sink.received.filter((m) => m.to[0]?.startsWith(`kill-${tag}`)).length === 3, {
        what: 'the first three delivered',
        stepMs: 10,
      });
      // The victim's data is taken whole and never answered; two more are queued behind it.
      await send(3);
      await until(() => sink.held.length === 1, { what: 'the held message', stepMs: 10 });
      await send(4);
      await send(5);
      // Claimed and inside its attempt: `sending`, one attempt counted, not accepted by the SMTP server.
      expect(await opsRow(server.url, victim)).toMatchObject({ state: 'sending', attempts: 1 });
      server.child.kill('SIGKILL');
      await exited(server.child);
      expect(sink.received.some((m) => m.to.includes(victim))).toBe(false);

      // A new sender on the same database, the SMTP server answering again.
      sink.hold = () => false;
      server = await start();
      await until(() => sink.received.filter((m) => m.to[0]?.startsWith(`kill-${tag}`)).length >= 6, {
        what: 'all six delivered after the restart',
        stepMs: 20,
        tries: 3000,
      });
      server.child.kill('SIGTERM');
      await exited(server.child);

      const mine = sink.received.filter((m) => m.to[0]?.startsWith(`kill-${tag}`));
      // Exactly once each: six recipients, six messages, six Message-IDs.
      expect(mine.map((m) => m.to[0]).sort()).toEqual([0, 1, 2, 3, 4, 5].map(addr).sort());
      expect(new Set(mine.map((m) => m.messageId)).size).toBe(6);
      // The message taken again is the same message: its Message-ID is the one the killed sender sent.
      expect(mine.find((m) => m.to.includes(victim))?.messageId).toBe(sink.held[0]);

      const db = await processes.openDirect();
      try {
        const rows = await db.query<{ recipient: string; state: string; attempts: number; payload: string | null }>(
          'SELECT recipient, state, attempts, payload FROM deliveries WHERE recipient LIKE $1 ORDER BY recipient',
          [`kill-${tag}-%`],
        );
        expect(rows.map((r) => [r.recipient, r.state, r.payload])).toEqual(
          [0, 1, 2, 3, 4, 5].map((i) => [addr(i), 'sent', null]),
        );
        // The victim's claim died with the process: its second claim is its second attempt.
        expect(rows.find((r) => r.recipient === victim)?.attempts).toBe(2);
        expect(rows.filter((r) => r.recipient !== victim).every((r) => r.attempts === 1)).toBe(true);
      } finally {
        await db.close();
      }
    },
    slow(120_000),
  ); // two process starts (each migrates and seeds its database) and a lease of 6 s
});
