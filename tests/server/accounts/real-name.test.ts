// Real-name verification on the real server (once: nothing here differs by database): submit with two private photos of
// one's own, one submission at a time, operator verify or reject (with the reason the trader reads), demo refused.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealNameCenter } from '../../../domain/wallet-types.ts';
import { REAL_NAME_COMMANDS } from '../../../server/ops/commands/real-name.ts';
import {
  api,
  countRows,
  registerAndLogin,
  startTestServer,
  type RegisteredUser,
  type TestServer,
  TEST_OPERATOR,
} from '../support/harness.ts';

let server: TestServer;
let alice: RegisteredUser;
let bob: RegisteredUser;

const cmd = (name: string) => {
  const c = REAL_NAME_COMMANDS.find((x) => x.name === name);
  if (!c) throw new Error(name);
  return (args: Record<string, string>) => c.run(server.ctx, args, TEST_OPERATOR);
};
async function photo(u: RegisteredUser, colour: string): Promise<string> {
  const jpg = await sharp({ create: { width: 32, height: 20, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return (await u.client.upload<{ url: string }>('/api/common/image_upload', { file: new Blob([new Uint8Array(jpg)]) }))
    .data.url;
}
const center = async (u: RegisteredUser) => (await u.client.get<RealNameCenter>('/api/user_real/center')).data;

beforeAll(async () => {
  server = await startTestServer({ market: { manual: true } });
  alice = await registerAndLogin(server);
  bob = await registerAndLogin(server);
});
afterAll(() => server.close());

describe('real-name verification', () => {
  it('starts not submitted', async () => {
    expect(await center(alice)).toEqual({
      review_status: 0,
      name: '',
      card_id: '',
      front_pic: '',
      reverse_pic: '',
      reason: '',
    });
  });

  it('refuses incomplete or foreign submissions with the docs/contract.md §5 texts, writing nothing', async () => {
    const front = await photo(alice, '#a00');
    const back = await photo(alice, '#0a0');
    const bobs = await photo(bob, '#00a');
    const good = { name: 'Chan Tai Man', card_id: 'A1234567', front_pic: front, reverse_pic: back };
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...good, name: '  ' }, 'Please enter your name'],
      [{ ...good, card_id: '' }, 'Please enter your passport/ID number'],
      [{ ...good, card_id: 'A1 <script>' }, 'Enter 4 to 30 letters, digits or hyphens, as on your passport/ID'],
      // An emoji name and a 200-character ID number named the internal field card_id.
      [{ ...good, card_id: '1'.repeat(200) }, 'Enter 4 to 30 letters, digits or hyphens, as on your passport/ID'],
      [
        { ...good, name: 'Chan 😀' },
        'Enter your name as on your passport/ID: letters, spaces, dots, hyphens and apostrophes, up to 100 characters',
      ],
      [{ ...good, reverse_pic: '' }, 'Please upload the front and back of your passport/ID'],
      [{ ...good, reverse_pic: front }, 'Please upload the front and back of your passport/ID'],
      [{ ...good, reverse_pic: bobs }, 'Please upload the front and back of your passport/ID'],
      [{ ...good, front_pic: 'https://evil.example/x.jpg' }, 'Please upload the front and back of your passport/ID'],
    ];
    const before = await countRows(server.ctx, ['user_real']);
    for (const [form, msg] of cases)
      expect((await alice.client.withLang('en').post('/api/user_real/real_name', form)).msg).toBe(msg);
    expect(await countRows(server.ctx, ['user_real'])).toEqual(before);
  });

  it('goes 0 → 1 on submit; a second submission while reviewing is refused', async () => {
    const form = {
      name: ' Chan  Tai Man ',
      card_id: 'a1234567',
      front_pic: await photo(alice, '#a00'),
      reverse_pic: await photo(alice, '#0a0'),
    };
    const res = await alice.client.withLang('en').post('/api/user_real/real_name', form);
    expect(res.msg).toBe('Submitted, please wait for the review');
    const c = await center(alice);
    expect(c).toMatchObject({
      review_status: 1,
      name: 'Chan Tai Man',
      card_id: 'A1234567',
      front_pic: form.front_pic,
      reverse_pic: form.reverse_pic,
    });
    const again = await alice.client.withLang('en').post('/api/user_real/real_name', form);
    expect(again.msg).toBe('Your verification is under review');
    // The photos are private: the owner sees them, another trader does not.
    expect((await bob.client.get(c.front_pic)).code).toBe(0);
  });

  it('rejected → 0 with the reason, resubmitted, verified → 2 and final', async () => {
    expect((await cmd('realname-list')({})) as unknown[]).toHaveLength(1);
    await cmd('realname-reject')({ user: alice.account, reason: 'The photo is blurred' });
    expect(await center(alice)).toMatchObject({ review_status: 0, reason: 'The photo is blurred' });
    await expect(cmd('realname-verify')({ user: alice.account })).rejects.toMatchObject({
      key: 'real_name_not_reviewing',
    });
    const form = {
      name: 'Chan Tai Man',
      card_id: 'A1234567',
      front_pic: await photo(alice, '#a0a'),
      reverse_pic: await photo(alice, '#0aa'),
    };
    expect((await alice.client.post('/api/user_real/real_name', form)).code).toBe(1);
    expect(await center(alice)).toMatchObject({ review_status: 1, reason: '' });
    await cmd('realname-verify')({ user: alice.account });
    expect((await center(alice)).review_status).toBe(2);
    expect((await alice.client.withLang('en').post('/api/user_real/real_name', form)).msg).toBe(
      'You are already verified',
    );
    await expect(cmd('realname-reject')({ user: alice.account, reason: 'x' })).rejects.toMatchObject({
      key: 'real_name_not_reviewing',
    });
  });

  it('is closed to demo users and visitors', async () => {
    const demo = await api(server.baseUrl).get<{ token: string }>('/api/user/createAccountDemoForU', {
      demo_id: 'realname-demo-1',
    });
    const d = api(server.baseUrl, { token: demo.data.token, lang: 'en' });
    expect((await d.get('/api/user_real/center')).msg).toBe('Please register or log in to a real account');
    expect((await d.post('/api/user_real/real_name', { name: 'x', card_id: 'A1234567' })).msg).toBe(
      'Please register or log in to a real account',
    );
    expect((await api(server.baseUrl).get('/api/user_real/center')).code).toBe(999);
  });
});
