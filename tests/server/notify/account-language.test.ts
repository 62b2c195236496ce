// Each account's language (docs/notifications.md "Languages"): the app's language at sign-in and
// the one picked in settings become the account's, and every notice — one a member of staff causes included — is
// written in it; a language outside the 18 is refused and changes nothing; a demo account has none to set.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LoginResult } from '../../../domain/types.ts';
import { notifyAccount } from '../../../server/notify/account-notices.ts';
import type { Message } from '../../../server/core/services.ts';
import { leaveInOutbox } from '../../../server/notify/outbox-repository.ts';
import { messageText } from '../../../server/notify/message-text.ts';
import {
  api,
  demoClient,
  registerAndLogin,
  startTestServer,
  type RegisteredUser,
  type TestServer,
} from '../support/harness.ts';

let server: TestServer;
const sent: Message[] = [];

beforeAll(async () => {
  server = await startTestServer({
    notifier: {
      async send(m) {
        sent.push(m);
        // Codes still reach the outbox, where registration reads them.
        await leaveInOutbox(server.ctx.db, m.channel, m.to, messageText(m), Date.now());
      },
    },
  });
});
afterAll(async () => {
  await server?.close();
});

/**
 * The language of a deposit notice sent to `u` with no request of the trader's behind it and no language given, as
 * charge-approve and withdraw-paid send theirs from a member of staff's command.
 */
async function creditedIn(u: RegisteredUser): Promise<string | undefined> {
  const before = sent.length;
  const account = u.account;
  await notifyAccount(server.ctx, u.user.id, 'deposit_credited', { amount: '10.00', currency: 'USD' });
  // The delivery queue hands it to the sender a moment later.
  const notice = () => sent.slice(before).find((m) => m.kind === 'deposit_credited' && m.to === account);
  await expect.poll(notice).toBeDefined();
  expect(notice()?.values).toMatchObject({ amount: '10.00', currency: 'USD' });
  return notice()?.lang;
}

it('a notice staff cause is in the language the trader signed in with, then the one picked in settings', async () => {
  const u = await registerAndLogin(server); // signs in with lang: en
  expect(await creditedIn(u)).toBe('en');

  const picked = await u.client.post<{ lang: string }>('/v1/api/notices/language', { lang: 'fr' });
  expect(picked).toMatchObject({ code: 1, data: { lang: 'fr' } });
  expect(await creditedIn(u)).toBe('fr');

  // Signing in from an app in German: the last one chosen in the app wins.
  const de = await api(server.baseUrl, { lang: 'de' }).post<LoginResult>('/api/user/loginForU', {
    account: u.account,
    password: u.password,
    login_type: 'email',
  });
  expect(de.code).toBe(1);
  expect(await creditedIn(u)).toBe('de');
});

it('refuses a language outside the 18 with a translated error and keeps the one set; demo accounts have none', async () => {
  const u = await registerAndLogin(server);
  expect((await u.client.post('/v1/api/notices/language', { lang: 'jp' })).code).toBe(1);
  for (const lang of ['xx', '', 'EN ']) {
    const bad = await u.client.post('/v1/api/notices/language', { lang });
    expect(bad.code).toBe(0);
    expect(bad.msg).not.toMatch(/^errors\.|lang/);
  }
  expect(await creditedIn(u)).toBe('jp');

  const d = await demoClient(server, 'lang-demo-1');
  expect((await d.post('/v1/api/notices/language', { lang: 'fr' })).msg).toBe(
    'Please register or log in to a real account',
  );
});
