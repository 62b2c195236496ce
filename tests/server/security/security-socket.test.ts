// The websocket's side on the real server and database (both databases): a socket login is acknowledged
// with the user's last order-event seq; a logout or password change over REST logs the affected sockets out at
// once ("revoked", no more pushes); the connection cap per address holds with the real figures (factor 1).
import { describe, expect, it } from 'vitest';
import { SOCKET_LIMITS } from '../../../server/security/limits.ts';
import type { Hub } from '../../../server/ws/hub.ts';
import { until } from '../../fixtures/until.ts';
import { manualClock, outboxCode, registerAndLogin } from '../support/harness.ts';
import { barrier, isType, useSocketServer, type Client } from '../support/ws-client.ts';

const clock = manualClock();
const sockets = useSocketServer({ clock, security: { factor: 1 } });

async function loggedIn(token: string): Promise<Client> {
  const c = await sockets.client();
  c.send({ type: 'login', token });
  const ack = await c.next(isType('login'));
  expect(ack).toMatchObject({ ok: true });
  c.send({ type: 'sub', topic: 'FOREX_TRADE' });
  await c.next(isType('sub'));
  return c;
}

describe('socket sessions', () => {
  it('the login ack carries the last order-event seq; a REST logout revokes that socket only', async () => {
    const user = await registerAndLogin(sockets.server, { clock });
    const other = await registerAndLogin(sockets.server, { clock });
    const [row] = await sockets.server.ctx.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      user.account,
    ]);
    await sockets.server.ctx.db.query('INSERT INTO order_event_seq (user_id, seq) VALUES ($1, 17)', [row?.id]);

    const mine = await sockets.client();
    mine.send({ type: 'login', token: user.token });
    expect(await mine.next(isType('login'))).toEqual({ type: 'login', ok: true, msg: 'success', seq: 17 });
    mine.send({ type: 'sub', topic: 'FOREX_TRADE' });
    await mine.next(isType('sub'));
    const theirs = await loggedIn(other.token);

    expect((await user.client.post('/api/user/logout')).code).toBe(1);
    expect(await mine.next(isType('revoked'))).toMatchObject({ type: 'revoked' });
    await barrier(theirs);
    expect(theirs.messages.some((m) => m.type === 'revoked')).toBe(false);
    // The socket itself stays for quotes; a login with the ended token is refused.
    mine.send({ type: 'login', token: user.token });
    expect(await mine.next(isType('login'))).toMatchObject({ ok: false });
  });

  it('a password change revokes the account’s other sessions’ sockets, not the one that changed it', async () => {
    const user = await registerAndLogin(sockets.server, { clock });
    const second = await user.client.post<{ token: string }>('/api/user/loginForU', {
      account: user.account,
      password: user.password,
      login_type: 'email',
    });
    expect(second.code).toBe(1);
    // The code first: moving the clock past the resend wait would make open sockets look idle (60 s) to the hub.
    clock.advance(61_000);
    const sent = await user.client.post<{ key: string }>('/api/notify/send_email', { to: user.account, type: 2 });
    expect(sent.code).toBe(1);
    const here = await loggedIn(user.token);
    const elsewhere = await loggedIn(second.data.token);
    const changed = await user.client.post('/api/user/amend_password', {
      new_password: 'another-pass-2',
      auth_code: await outboxCode(sockets.server.ctx, user.account),
      key: sent.data.key,
      type: 'email',
    });
    expect(changed.code, changed.msg).toBe(1);
    expect(await elsewhere.next(isType('revoked'))).toMatchObject({ type: 'revoked' });
    await barrier(here);
    expect(here.messages.some((m) => m.type === 'revoked')).toBe(false);
  });
});

describe('socket caps', () => {
  it(`closes the socket past ${SOCKET_LIMITS.perAddress} from one address with 1013`, async () => {
    sockets.closeClients();
    // Earlier sockets of this file count until the server has seen their close.
    await until(() => hubSockets() === 0, { what: 'the earlier sockets to close', tries: 500, stepMs: 5 });
    const ok: Client[] = [];
    for (let i = 0; i < SOCKET_LIMITS.perAddress; i++) ok.push(await sockets.client());
    const refused = await sockets.client();
    expect((await refused.closed).code).toBe(1013);
    await barrier(ok[0] as Client); // the admitted ones still work
  });
});

function hubSockets(): number {
  return (sockets.server.ctx.push as unknown as Hub).getStats().connections;
}
