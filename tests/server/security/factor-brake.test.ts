// The second factor's brake against the real figures (docs/security.md "Lock-out rules"), on both databases: wrong
// codes from one address back off exponentially (a day of guessing gets a handful of tries, where a lock that reset
// every minute gave about 14,400), codes sprayed from many addresses back the account off (every address that guessed
// waits, the wait doubling), the owner still signs in from their own address and with a recovery code from anywhere; and TOTP codes are checked against real time while SIM_TIME moves the server's clock.
import { describe, expect, it } from 'vitest';
import type { FactorSetup, RecoveryCodes } from '../../../domain/security-types.ts';
import { DAY_MS } from '../../../domain/time.ts';
import { totpCode } from '../../../server/auth/second-factor.ts';
import { manualClock, registerAndLogin, useTestServer, type RegisteredUser } from '../support/harness.ts';

async function turnOn(u: RegisteredUser, at: number): Promise<{ secret: string; codes: string[] }> {
  const begun = await u.client.post<FactorSetup>('/api/security/factor/begin', { password: u.password });
  const on = await u.client.post<RecoveryCodes>('/api/security/factor/confirm', {
    code: totpCode(begun.data.secret, at),
  });
  expect(on.code, on.msg).toBe(1);
  return { secret: begun.data.secret, codes: on.data.recovery_codes };
}

describe('wrong codes back off', () => {
  const clock = manualClock();
  const http = useTestServer({ clock, market: { manual: true }, security: { factor: 1 }, trustProxy: true });

  const login = async (u: RegisteredUser, ip: string, code: string) => {
    const res = await fetch(`${http.server.baseUrl}/api/user/loginForU`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en', 'x-forwarded-for': ip },
      body: JSON.stringify({ account: u.account, password: u.password, login_type: 'email', code }),
    });
    const env = (await res.json()) as { code: number };
    return { status: res.status, code: env.code, wait: Number(res.headers.get('retry-after') ?? 0) };
  };

  it('a day of guessing from one address gets a handful of tries; the owner still gets in', async () => {
    const u = await registerAndLogin(http.server, { clock });
    const { secret, codes } = await turnOn(u, clock.now());
    const start = clock.now();
    let tried = 0;
    while (clock.now() - start < DAY_MS && tried <= 100) {
      const r = await login(u, '203.0.113.7', '000000');
      if (r.status === 429) clock.advance(Math.max(1, r.wait) * 1000);
      else {
        expect(r.code).toBe(0);
        tried++;
        clock.advance(1000);
      }
    }
    expect(tried).toBeLessThanOrEqual(20);
    // The owner, from their own address, signs in with the authenticator's code…
    clock.advance(30_000);
    expect((await login(u, '198.51.100.20', totpCode(secret, clock.now()))).code).toBe(1);
    // …and a recovery code is never held back, even from the address that guessed.
    for (let i = 0; i < 6; i++) await login(u, '203.0.113.7', '000000');
    expect((await login(u, '203.0.113.7', '111111')).status).toBe(429);
    expect((await login(u, '203.0.113.7', codes[0] ?? '')).code).toBe(1);
  });

  it('codes sprayed from many addresses back the account off: each waits, its wait doubles, the owner gets in', async () => {
    const u = await registerAndLogin(http.server, { clock });
    const { secret } = await turnOn(u, clock.now());
    clock.advance(30_000);
    const sprayer = (i: number) => `192.0.2.${i}`;
    for (let i = 1; i <= 10; i++) expect((await login(u, sprayer(i), '000000')).code).toBe(0); // one each: 10 for the account
    // Every address that guessed now waits for the account, though none of them spent its own 5.
    const first = await login(u, sprayer(1), '000000');
    expect([first.status, first.wait]).toEqual([429, 60]);
    // A new address gets its one try; a wrong one doubles the account's wait.
    expect((await login(u, sprayer(11), '000000')).code).toBe(0);
    const second = await login(u, sprayer(2), '000000');
    expect([second.status, second.wait]).toEqual([429, 120]);
    expect((await login(u, sprayer(11), '000000')).status).toBe(429);
    // The owner, from their own address, is not locked out by the strangers.
    expect((await login(u, '198.51.100.20', totpCode(secret, clock.now()))).code).toBe(1);
  });
});

describe('TOTP against real time', () => {
  const simulated = manualClock(Date.UTC(2026, 10, 18, 12)); // SIM_TIME: a weekday noon, far from the phone's time
  const real = manualClock(Date.UTC(2026, 10, 22, 9, 30));
  const http = useTestServer({ clock: simulated, wallClock: real, market: { manual: true } });

  it('turns on and signs in with the phone’s code while the server’s clock is simulated', async () => {
    const u = await registerAndLogin(http.server, { clock: simulated });
    const { secret } = await turnOn(u, real.now());
    real.advance(30_000);
    const asked = await u.client.post('/api/user/loginForU', {
      account: u.account,
      password: u.password,
      login_type: 'email',
      code: totpCode(secret, real.now()),
    });
    expect(asked.code, asked.msg).toBe(1);
    expect(
      (
        await u.client.post('/api/user/loginForU', {
          account: u.account,
          password: u.password,
          login_type: 'email',
          code: totpCode(secret, simulated.now()),
        })
      ).code,
    ).toBe(0);
  });
});
