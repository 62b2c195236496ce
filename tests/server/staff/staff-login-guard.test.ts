// The staff login against the real budgets (factor 1), on both databases: wrong passwords and wrong codes lock the
// login for the addresses that tried, never for the member at their own address (a stranger cannot lock them out);
// wrong codes back off exponentially as traders' do;
// each address has its request budget; and with OPS_TOKEN unset (the default) no token opens the back office.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../../server/auth/second-factor.ts';
import { FAILURE_BUDGETS, RATE_BUDGETS, RATE_WINDOW_MS } from '../../../server/security/limits.ts';
import { manualClock, startTestServer, type TestServer } from '../support/harness.ts';
import { createStaff, postJson, signIn } from '../support/staff-helpers.ts';

const clock = manualClock();
let server: TestServer;
let ipSeq = 0;
const freshIp = (): string => `203.0.113.${++ipSeq}`;

beforeAll(async () => {
  server = await startTestServer({
    clock,
    market: { manual: true },
    security: { factor: 1 },
    trustProxy: true,
    opsToken: null, // the production default: break-glass off
  });
});
afterAll(() => server.close());

const login = (body: Record<string, string>, ip: string) =>
  postJson<{ step: string }>(server, '/api/ops/login', body, { 'x-forwarded-for': ip });

describe('staff login guard', () => {
  it('locks a flooded login for the flooding address only: the member still signs in from theirs', async () => {
    const member = await signIn(server, await createStaff(server, 'finance'), clock);
    const who = { login: member.login, password: member.password };
    const attacker = freshIp();
    const helper = freshIp();
    for (let i = 0; i < FAILURE_BUDGETS.login_account; i++) {
      const r = await login({ login: who.login, password: `wrong-${i}` }, i % 2 ? attacker : helper);
      expect(r.msg).toBe('Wrong login or password');
    }
    // Locked for the attacker, even with the right password.
    expect((await login(who, attacker)).status).toBe(429);
    // The member, from their own address, gets in (one try per other address while locked).
    clock.advance(30_000);
    const own = await login(who, freshIp());
    expect(own.data.step).toBe('code');
    // A stranger's second address gets one guess, not more.
    const other = freshIp();
    expect((await login({ login: who.login, password: 'guess-1' }, other)).msg).toBe('Wrong login or password');
    expect((await login({ login: who.login, password: 'guess-2' }, other)).status).toBe(429);
    // Wrong codes count like wrong passwords.
    const codes = freshIp();
    const badCode = await login({ ...who, code: '123456' }, codes);
    expect(badCode.msg).toBe('The code is wrong or was already used');
    // After the window, the attacker's address may try again.
    clock.advance(RATE_WINDOW_MS);
    expect((await login(who, attacker)).data.step).toBe('code');
    expect(member.token).not.toBe('');
  });

  it('backs a member’s wrong codes off exponentially, never shutting the member out at their own address', async () => {
    const member = await signIn(server, await createStaff(server, 'finance'), clock);
    clock.advance(RATE_WINDOW_MS);
    const guesser = freshIp();
    const guess = async () => {
      const res = await fetch(`${server.baseUrl}/api/ops/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', lang: 'en', 'x-forwarded-for': guesser },
        body: JSON.stringify({ login: member.login, password: member.password, code: '000000' }),
      });
      return [res.status, Number(res.headers.get('retry-after') ?? 0)];
    };
    for (let i = 0; i < FAILURE_BUDGETS.second_factor_address; i++) expect(await guess()).toEqual([200, 0]);
    expect(await guess()).toEqual([429, 60]);
    clock.advance(61_000);
    expect(await guess()).toEqual([200, 0]); // one more wrong code doubles the wait
    expect(await guess()).toEqual([429, 120]);
    const own = await login(
      { login: member.login, password: member.password, code: totpCode(member.secret, clock.now()) },
      freshIp(),
    );
    expect(own.data.step).toBe('done');
  });

  it('holds the per-address request budget of a login', async () => {
    const ip = freshIp();
    let refused = 0;
    for (let i = 0; i < RATE_BUDGETS.login.perAddress + 1; i++) {
      const r = await login({ login: `nobody${i}`, password: 'x' }, ip);
      if (r.status === 429) refused++;
    }
    expect(refused).toBeGreaterThan(0);
    clock.advance(RATE_WINDOW_MS);
  });

  it('opens nothing with a token when OPS_TOKEN is unset', async () => {
    expect(server.ctx.opsToken).toBeNull();
    const res = await fetch(`${server.baseUrl}/api/ops/commands`, {
      headers: { 'x-ops-token': 'x'.repeat(40), 'x-forwarded-for': freshIp() },
    });
    expect(res.status).toBe(401);
  });
});
