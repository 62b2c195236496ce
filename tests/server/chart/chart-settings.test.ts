// Chart settings on the account, through the real routes on the real database (PGlite:
// nothing here differs by database): the defaults (MA + VOL) before anything is saved, a save kept for the next session, a parameter off the
// rules refused with a message and nothing changed, one user's settings out of another's reach, and no session no
// settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultIndicatorSettings, type IndicatorSettings } from '../../../domain/indicators.ts';
import { api, registerAndLogin, startTestServer, type RegisteredUser, type TestServer } from '../support/harness.ts';

let server: TestServer;

const read = async (u: RegisteredUser): Promise<IndicatorSettings> => {
  const r = await u.client.get<{ indicators: IndicatorSettings }>('/v1/api/chart/settings');
  expect(r.code, r.msg).toBe(1);
  return r.data.indicators;
};
// As the app sends it: a form field with the JSON text.
const save = (u: RegisteredUser, indicators: unknown) =>
  u.client.post<{ indicators: IndicatorSettings }>('/v1/api/chart/settings', {
    indicators: JSON.stringify(indicators),
  });

beforeAll(async () => {
  server = await startTestServer({ market: { manual: true } });
});
afterAll(async () => {
  await server?.close();
});

describe('chart settings', () => {
  it('reads the defaults, then what was saved, from another session too', async () => {
    const u = await registerAndLogin(server);
    expect(await read(u)).toEqual(defaultIndicatorSettings());
    const mine = defaultIndicatorSettings();
    mine.macd.on = true;
    mine.boll = { on: true, params: [21, 2.5] };
    mine.ma.params = [7, 14, 28, 56];
    const r = await save(u, mine);
    expect(r.code, r.msg).toBe(1);
    expect(r.data.indicators).toEqual(mine);
    const login = await api(server.baseUrl, { lang: 'en' }).post<{ token: string }>('/api/user/loginForU', {
      account: u.account,
      password: u.password,
      login_type: 'email',
    });
    expect(await read({ ...u, client: u.client.withToken(login.data.token) })).toEqual(mine);
  });

  it('refuses a period of 0, a negative one, letters, a missing kind, and changes nothing', async () => {
    const u = await registerAndLogin(server);
    const good = defaultIndicatorSettings();
    good.rsi.on = true;
    expect((await save(u, good)).code).toBe(1);
    const bad: unknown[] = [
      { ...good, ma: { on: true, params: [0, 10, 20, 30] } },
      { ...good, rsi: { on: true, params: [-14] } },
      { ...good, kdj: { on: true, params: ['nine', 3, 3] } },
      { ...good, macd: { on: true, params: [12, 26] } },
      { ma: good.ma },
    ];
    for (const b of bad) {
      const r = await save(u, b);
      expect(r.code).not.toBe(1);
      expect(r.msg).toMatch(/indicator/i);
    }
    expect((await save(u, '{not json')).code).not.toBe(1);
    expect(await read(u)).toEqual(good);
    // A JSON client may send the object itself.
    const json = await u.client.postJson<{ indicators: IndicatorSettings }>('/v1/api/chart/settings', {
      indicators: defaultIndicatorSettings(),
    });
    expect(json.code, json.msg).toBe(1);
  });

  it('keeps each user’s settings apart, and needs a session', async () => {
    const a = await registerAndLogin(server);
    const b = await registerAndLogin(server);
    const s = defaultIndicatorSettings();
    s.kdj.on = true;
    await save(a, s);
    expect(await read(b)).toEqual(defaultIndicatorSettings());
    const anon = await api(server.baseUrl).get('/v1/api/chart/settings');
    expect(anon.code).not.toBe(1);
  });
});
