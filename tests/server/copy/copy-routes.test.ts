// The copy-trading routes over HTTP on the real server (TEST_DB=pglite and postgres): two demo accounts, one
// publishes itself, the other sees it among the demo providers, starts a copy, sees it in "My copies", adds to it,
// withdraws and stops it with the money back; bad input answers a translated error and changes nothing; another's
// copy reads as unknown; no session, no copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CopyItem, CopyProvider, CopyProviderSelf } from '../../../domain/copy-types.ts';
import { api, demoClient, startTestServer, type ApiClient, type TestServer } from '../support/harness.ts';
import { ledgerHolds } from '../support/ledger-invariant.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const balance = async (c: ApiClient): Promise<string> =>
  (await c.get<{ balance: string }>('/v1/api/main/wallet/getBalance')).data.balance;

describe('copy trading routes', () => {
  it('publishes, lists, starts, adds, withdraws and stops with the money back', async () => {
    const provider = await demoClient(server, 'copy-route-provider-1');
    const follower = await demoClient(server, 'copy-route-follower-1');
    const published = await provider.postJson('/api/copy/publish', { name: 'Demo Pro', fee: 10, min_amount: '100' });
    expect(published.code).toBe(1);
    const providers = (await follower.get<CopyProvider[]>('/api/copy/providers')).data;
    const mine = providers.find((p) => p.name === 'Demo Pro');
    expect(mine).toMatchObject({ fee_percent: 10, min_amount: '100.00', is_demo: 1, copiers: 0 });
    // A new demo account has its credit and no trade yet: no return, no drawdown, no track record.
    expect(mine).toMatchObject({ return_30d: '0.00', return_all: '0.00', max_drawdown: '0.00', trades: 0, days: 0 });
    expect(mine?.curve).toEqual(Array.from({ length: 30 }, () => '1.0000'));
    const before = await balance(follower);
    const started = await follower.postJson<{ id: number }>('/api/copy/start', {
      provider_id: mine?.provider_id,
      amount: '1000',
    });
    expect(started.code).toBe(1);
    const id = started.data.id;
    expect((await follower.postJson('/api/copy/add', { id, amount: '500' })).code).toBe(1);
    expect((await follower.postJson('/api/copy/withdraw', { id, amount: '200' })).code).toBe(1);
    expect((await follower.postJson('/api/copy/pause', { id })).code).toBe(1);
    const listed = (await follower.get<CopyItem[]>('/api/copy/mine')).data;
    expect(listed[0]).toMatchObject({
      id,
      status: 2,
      invested: '1300.00',
      equity: '1300.00',
      provider_name: 'Demo Pro',
      open_positions: [],
    });
    expect((await follower.postJson('/api/copy/stop', { id })).code).toBe(1);
    expect(await balance(follower)).toBe(before);
    expect(await ledgerHolds(server.ctx)).toBe(true);
  });

  it('answers bad input and another one’s copy with a translated error, changing nothing', async () => {
    const provider = await demoClient(server, 'copy-route-provider-2');
    const follower = await demoClient(server, 'copy-route-follower-2');
    const stranger = await demoClient(server, 'copy-route-stranger-2');
    await provider.postJson('/api/copy/publish', { name: 'Second', fee: 0, min_amount: '100' });
    const providerId = (await follower.get<CopyProvider[]>('/api/copy/providers')).data.find(
      (p) => p.name === 'Second',
    )?.provider_id;
    const before = await balance(follower);
    const bad = await follower.postJson('/api/copy/start', {
      provider_id: providerId,
      amount: '1000',
      multiplier: '9',
    });
    expect(bad.code).toBe(0);
    expect(bad.msg).toBe('The multiplier must be between 0.1 and 3, with one decimal');
    expect((await follower.postJson('/api/copy/publish', { name: 'X', fee: 31, min_amount: '100' })).code).toBe(0);
    expect(await balance(follower)).toBe(before);
    const id = (await follower.postJson<{ id: number }>('/api/copy/start', { provider_id: providerId, amount: '100' }))
      .data.id;
    const german = follower.withLang('de');
    const places = await german.postJson('/api/copy/add', { id, amount: '1.001' });
    expect([places.code, places.msg]).toEqual([0, 'Der Betrag darf höchstens 2 Nachkommastellen haben']);
    const tooMuch = await follower.postJson('/api/copy/withdraw', { id, amount: '100.01' });
    expect(tooMuch.msg).toBe('You can withdraw at most 100.00 USD from this copy now');
    expect((await stranger.postJson('/api/copy/add', { id, amount: '10' })).msg).toBe('This copy was not found');
    expect((await stranger.postJson('/api/copy/pause', { id })).msg).toBe('This copy was not found');
    expect((await follower.get<CopyItem[]>('/api/copy/mine')).data[0]).toMatchObject({ status: 1, invested: '100.00' });
    const foreign = await stranger.postJson('/api/copy/stop', { id });
    expect(foreign.msg).toBe('This copy was not found');
    const anonymous = await api(server.baseUrl, { lang: 'en' }).postJson('/api/copy/stop', { id });
    expect(anonymous.code).toBe(999);
  });

  it('shows a provider their own copiers, AUM and fees earned; a trader who is not one reads unpublished', async () => {
    const provider = await demoClient(server, 'copy-route-provider-3');
    const first = await demoClient(server, 'copy-route-follower-3a');
    const second = await demoClient(server, 'copy-route-follower-3b');
    expect((await provider.get<CopyProviderSelf>('/api/copy/self')).data).toMatchObject({ published: 0, copiers: 0 });
    await provider.postJson('/api/copy/publish', {
      name: 'Self View',
      description: 'Swing trades',
      fee: 20,
      min_amount: '100',
    });
    const providerId = (await first.get<CopyProvider[]>('/api/copy/providers')).data.find(
      (p) => p.name === 'Self View',
    )?.provider_id;
    const start = async (c: ApiClient, amount: string) =>
      (await c.postJson<{ id: number }>('/api/copy/start', { provider_id: providerId, amount })).data.id;
    await start(first, '1000');
    const ended = await start(second, '500');
    await second.postJson('/api/copy/stop', { id: ended });
    // Fee settlement has its own tests (copy-guard, copy-accounts); here the view sums what each copy paid.
    await server.ctx.db.query('UPDATE copies SET fees_paid = 12.34 WHERE id = $1', [ended]);
    const self = (await provider.get<CopyProviderSelf>('/api/copy/self')).data;
    expect(self).toEqual({
      published: 1,
      name: 'Self View',
      description: 'Swing trades',
      fee_percent: 20,
      min_amount: '100.00',
      is_demo: 1,
      suspended: 0,
      unpublished: 0,
      copiers: 1,
      aum: '1000.00',
      fees_earned: '12.34',
    });

    // Editing is publishing again: new terms for copies started from now on; bad terms change nothing.
    const bad = await provider.postJson('/api/copy/publish', { name: 'Self View', fee: 20, min_amount: '99.99' });
    expect([bad.code, bad.msg]).toEqual([0, 'The minimum copy amount must be at least 100 USD']);
    const edited = await provider.postJson('/api/copy/publish', { name: 'Self View 2', fee: 15, min_amount: '250' });
    expect(edited.code).toBe(1);
    expect((await provider.get<CopyProviderSelf>('/api/copy/self')).data).toMatchObject({
      name: 'Self View 2',
      description: '',
      fee_percent: 15,
      min_amount: '250.00',
      copiers: 1,
    });
    const listed = (await second.get<CopyProvider[]>('/api/copy/providers')).data.find(
      (p) => p.provider_id === providerId,
    );
    expect(listed).toMatchObject({ name: 'Self View 2', fee_percent: 15, min_amount: '250.00' });
  });

  it('unpublishes: off the list, no new copy, the running copy goes on; publishing again lists it', async () => {
    const provider = await demoClient(server, 'copy-route-provider-4');
    const running = await demoClient(server, 'copy-route-follower-4a');
    const late = await demoClient(server, 'copy-route-follower-4b');
    const none = await provider.postJson('/api/copy/unpublish', {});
    expect([none.code, none.msg]).toEqual([0, 'You are not a published provider']);
    await provider.postJson('/api/copy/publish', { name: 'Leaving', fee: 5, min_amount: '100' });
    const listedTo = async (c: ApiClient) =>
      (await c.get<CopyProvider[]>('/api/copy/providers')).data.some((p) => p.name === 'Leaving');
    const providerId = (await running.get<CopyProvider[]>('/api/copy/providers')).data.find(
      (p) => p.name === 'Leaving',
    )?.provider_id;
    const id = (await running.postJson<{ id: number }>('/api/copy/start', { provider_id: providerId, amount: '500' }))
      .data.id;

    const gone = await provider.postJson('/api/copy/unpublish', {});
    expect([gone.code, gone.msg]).toEqual([1, 'You are no longer listed: nobody new can start copying you']);
    expect((await provider.post('/api/copy/unpublish', {})).code).toBe(1); // again, as the app's empty form: no change
    expect(await listedTo(late)).toBe(false);
    const before = await balance(late);
    const refused = await late.postJson('/api/copy/start', { provider_id: providerId, amount: '500' });
    expect([refused.code, refused.msg]).toEqual([0, 'This trader no longer accepts new copiers']);
    expect(await balance(late)).toBe(before);
    expect((await running.get<CopyItem[]>('/api/copy/mine')).data[0]).toMatchObject({ id, status: 1 });
    expect((await provider.get<CopyProviderSelf>('/api/copy/self')).data).toMatchObject({
      published: 1,
      unpublished: 1,
      copiers: 1,
    });

    await provider.postJson('/api/copy/publish', { name: 'Leaving', fee: 5, min_amount: '100' });
    expect((await provider.get<CopyProviderSelf>('/api/copy/self')).data.unpublished).toBe(0);
    expect(await listedTo(late)).toBe(true);
    expect(await ledgerHolds(server.ctx)).toBe(true);
  });
});
