// The Kannel fixture (tests/fixtures/kannel.ts) when a port it drew is taken before smsbox binds it: smsbox exits,
// and the fixture starts Kannel again on other ports instead of taking the other listener for smsbox.
import { createServer } from 'node:http';
import { expect, it } from 'vitest';
import { freePort } from '../../fixtures/free-port.ts';
import { startKannel } from '../../fixtures/kannel.ts';

it('starts Kannel again on other ports when smsbox finds its port taken', async () => {
  const held = createServer((_req, res) => res.end('not Kannel')).listen(0, '127.0.0.1');
  await new Promise((resolve) => held.once('listening', resolve));
  const heldPort = (held.address() as { port: number }).port;
  let draws = 0;
  // The fourth port drawn is smsbox's sendsms port: it gets the one held above.
  const kannel = await startKannel(() => (++draws === 4 ? Promise.resolve(heldPort) : freePort()));
  try {
    expect(kannel.sendsmsUrl).not.toContain(`:${heldPort}/`);
    // Four ports a start, and at least two starts; a third when smsbox crashed in its start (kannel.ts BoxExited).
    expect(draws % 4).toBe(0);
    expect(draws).toBeGreaterThanOrEqual(8);
    expect(await fetch(kannel.sendsmsUrl).then((r) => r.text())).toMatch(/Authorization failed/);
  } finally {
    await kannel.stop();
    held.close();
  }
});
