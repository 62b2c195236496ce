// The browser tests' app server (tests/e2e/app-server.ts) on a port another server took between freePort's check and
// its own bind, as another lane's shared server once did: its start gives that port up for the next, and never hands
// a test the other server (which answers /healthz too).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { startAppServer, WEEKDAY_NOON } from './app-server.ts';
import { freePort } from '../fixtures/free-port.ts';

it('starts on the next free port when its first is taken by another server answering /healthz', async () => {
  const other = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const taken = (other.address() as AddressInfo).port;
  const free = await freePort();
  const offered = [taken, free];
  const app = await startAppServer({ SIM_TIME: WEEKDAY_NOON }, () => Promise.resolve(offered.shift() ?? free));
  try {
    expect(app.port).toBe(free);
    expect(app.output()).toContain(`running at ${app.url}\n`);
    const health = (await (await fetch(`${app.url}/healthz`)).json()) as { data: { status: string } };
    expect(health.data.status).toBe('ok');
  } finally {
    await app.dispose();
    other.close();
  }
});
