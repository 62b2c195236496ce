// A real (not demo) user for browser tests against the e2e server: registered through the real routes with the
// code read from the outbox by the ops API, logged in through the login screen; plus ops commands over HTTP (as
// break-glass: the e2e server sets OPS_TOKEN explicitly; tests/e2e/staff.test.ts signs in as staff instead).
import { expect } from 'vitest';
import type { Envelope, User } from '../../domain/types.ts';
import type { Locator, Page } from 'playwright-core';
import type { FlowPage } from './flow-page.ts';
import type { AppServer } from './app-server.ts';
import { slow } from '../fixtures/slowness.ts';

export interface RealUser {
  account: string;
  password: string;
  token: string;
}

let counter = 0;

/** Runs a back-office command on the server (the same API as /ops.html and `npm run ops`). */
export async function ops<T>(server: AppServer, name: string, args: Record<string, string> = {}): Promise<T> {
  const token = server.opsToken; // break-glass, set explicitly on e2e servers
  const res = await fetch(`${server.url}/api/ops/run/${name}`, {
    method: 'POST',
    headers: { 'x-ops-token': token, 'content-type': 'application/json', lang: 'en' },
    body: JSON.stringify(args),
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 1) throw new Error(`ops ${name}: ${env.msg}`);
  return env.data;
}

async function form<T>(server: AppServer, path: string, body: Record<string, string>): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en' },
    body: new URLSearchParams(body).toString(),
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 1) throw new Error(`${path}: ${env.msg}`);
  return env.data;
}

/** A signed-in account of a test: a real user, or a demo one (with the demo id its browser keeps). */
export type SignedIn = RealUser | DemoUser;

export interface DemoUser {
  demoId: string;
  token: string;
}

/** A demo account, made as the login screen's "demo" button makes it (for seedSession). */
export async function createDemoUser(server: AppServer): Promise<DemoUser> {
  const demoId = `e2edemo${process.pid}x${++counter}x${Date.now() % 100000}`;
  const res = await fetch(`${server.url}/api/user/createAccountDemoForU?demo_id=${demoId}`, {
    headers: { lang: 'en' },
  });
  const env = (await res.json()) as Envelope<{ token: string }>;
  if (env.code !== 1) throw new Error(`createAccountDemoForU: ${env.msg}`);
  return { demoId, token: env.data.token };
}

export async function createRealUser(server: AppServer): Promise<RealUser> {
  const account = `e2e${process.pid}x${++counter}x${Date.now() % 100000}@example.com`;
  const password = 'secret-pass-1';
  const sent = await form<{ key: string }>(server, '/api/notify/send_email', { to: account, type: '1' });
  const [message] = await ops<Array<{ body: string }>>(server, 'outbox', { to: account });
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? '';
  await form(server, '/api/user/register', {
    type: 'email',
    account,
    password,
    re_password: password,
    sms_code: code,
    key: sent.key,
  });
  const login = await form<{ token: string }>(server, '/api/user/loginForU', {
    account,
    password,
    login_type: 'email',
  });
  return { account, password, token: login.token };
}

/** Logs the user in through the login screen and waits until the app has left it. */
export async function loginInBrowser(page: FlowPage, server: AppServer, user: RealUser): Promise<void> {
  await page.goto(`${server.url}/#/login`);
  await submitLogin(page, user);
}

/** Opens the login screen and taps its demo-account button, as a visitor trying the app does; waits until it has left. */
export async function demoLoginInBrowser(page: FlowPage, url: string): Promise<void> {
  await page.goto(`${url}/#/login`);
  await page.locator('[data-testid="demo-login"]').click();
  await page.waitForURL((u) => !u.hash.startsWith('#/login'));
}

/** Fills and sends the login screen the page shows now, and waits until the app has left it with the session kept. */
export async function submitLogin(page: FlowPage, user: RealUser): Promise<void> {
  await page.locator('input[name="account"]').fill(user.account);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('[data-testid="login-submit"]').click();
  await page.waitForURL((u) => !u.hash.startsWith('#/login'));
  await sessionStored(page);
}

/**
 * Signs `user` in without the login screen, for a flow whose sign-in is not what it tests (the login screen's own
 * tests: account-security, a11y): the session a sign-in stores (src/state/account/session.ts) is put where the app
 * restores it at start, on the app's origin before the app loads, so the next load starts signed in. The page is left
 * on /healthz: go to the app's screen next.
 */
export async function seedSession(page: FlowPage, server: AppServer, user: SignedIn): Promise<void> {
  const res = await fetch(`${server.url}/api/user/info`, { headers: { authorization: user.token, lang: 'en' } });
  const info = (await res.json()) as Envelope<User>;
  if (info.code !== 1) throw new Error(`/api/user/info: ${info.msg}`);
  await page.goto(`${server.url}/healthz`);
  await page.evaluate(
    async ({ session, demoId }) => {
      localStorage.setItem('tw-session', session.user.is_demo === 1 ? 'demo' : 'real'); // the first paint's hint
      if (demoId) localStorage.setItem('tw:demo-id', demoId); // the browser's demo account, as its button keeps it
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store'); // idb-keyval's default store
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onerror = () => reject(open.error ?? new Error('indexedDB open failed'));
        open.onsuccess = () => {
          const tx = open.result.transaction('keyval', 'readwrite');
          tx.objectStore('keyval').put(session, 'tw:session');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('indexedDB write failed'));
        };
      });
    },
    { session: { token: user.token, user: info.data }, demoId: 'demoId' in user ? user.demoId : null },
  );
}

/**
 * Resolves once the signed-in session is in IndexedDB. It is written just after the login answers
 * (src/state/account/session.ts persist), and a reload before that write has landed starts signed out: flows that log in and
 * then reload wait for it (the order ticket's submit went to /login about one run in two without).
 */
export const sessionStored = (page: FlowPage): Promise<void> => keptInBrowser(page, 'tw:session');

/** Resolves once the app has written `key` to its IndexedDB store (idb-keyval's default), for a reload to find. */
export async function keptInBrowser(page: FlowPage, key: string): Promise<void> {
  // Both drivers await a promise the page function returns; FlowPage's type does not say so.
  const stored = async (): Promise<boolean> =>
    await page.evaluate(
      (k) =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('keyval-store');
          open.onerror = () => resolve(false);
          open.onsuccess = () => {
            try {
              const get = open.result.transaction('keyval').objectStore('keyval').get(k);
              get.onsuccess = () => resolve(get.result != null);
              get.onerror = () => resolve(false);
            } catch {
              resolve(false); // no store yet
            } finally {
              open.result.close();
            }
          };
        }),
      key,
    );
  await expect.poll(stored, { timeout: slow(10_000) }).toBe(true);
}

/**
 * Sets an ops setting and answers how to put back the value it had: a file on the run's shared server leaves it as it
 * found it.
 */
export async function changeSetting(server: AppServer, key: string, value: string): Promise<() => Promise<void>> {
  const was = (await ops<Array<{ key: string; value: string }>>(server, 'setting-list')).find((r) => r.key === key);
  await ops(server, 'setting-set', { key, value });
  return async () => {
    if (was) await ops(server, 'setting-set', { key, value: was.value });
  };
}

/** A real user with `amount` USD credited by the operator (the ops `user-credit` command), as most flows start. */
export async function createFundedUser(server: AppServer, amount: string, memo: string): Promise<RealUser> {
  const user = await createRealUser(server);
  const credit = () => ops(server, 'user-credit', { user: user.account, amount, memo });
  const refused = await credit().then(
    () => null,
    (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
  );
  if (refused) {
    // At the four-eyes threshold break-glass may not ask (docs/back-office.md "Four eyes") and a test's set-up has no
    // two finance members, so it credits once with the threshold lifted, then puts it back.
    if (!refused.message.includes('break-glass token cannot ask')) throw refused;
    const putBack = await changeSetting(server, 'four_eyes.USD', '999999999999999');
    await credit();
    await putBack();
  }
  return user;
}

/** Opens /ops.html with the server's break-glass token (the folded-away form under the sign-in). */
export async function openOpsWithToken(page: Pick<FlowPage, 'goto' | 'locator'>, server: AppServer): Promise<void> {
  await page.goto(`${server.url}/ops.html`);
  await page.locator('summary', { hasText: 'Break-glass token' }).click();
  await page.locator('input[name="token"]').fill(server.opsToken);
  await page.locator('form[aria-label="Break-glass token"] button[type="submit"]').click();
  await page.locator('[data-testid="ops-who"]').waitFor();
}

/** Runs the back office's `command` with its form as it stands (no fields: a list); its Result panel. */
export async function runOpsCommand(page: Page, command: string): Promise<Locator> {
  await page.locator('nav button', { hasText: new RegExp(`^${command}$`) }).click();
  await page.locator(`form[aria-label="${command}"] button[type="submit"]`).click();
  return page.locator('[aria-label="Result"]');
}

/** The newest 6-digit code the outbox holds for `account` (read by the ops API, as an operator would). */
export async function outboxCodeFor(server: AppServer, account: string): Promise<string> {
  const messages = await ops<Array<{ body: string }>>(server, 'outbox', { to: account });
  for (const m of messages) {
    const code = /\b(\d{6})\b/.exec(m.body)?.[1];
    if (code) return code;
  }
  throw new Error(`no code in the outbox for ${account}`);
}

/**
 * The withdrawal's summary step (docs/security.md "Withdrawal confirmation"): on "Review", the summary asks for the
 * code sent to the account's e-mail; the request goes on "Send the request".
 */
export async function confirmWithdrawal(
  page: FlowPage,
  server: AppServer,
  user: RealUser,
  summaryOpen = false,
): Promise<void> {
  if (!summaryOpen) await page.locator('[data-testid="withdraw-submit"]').click();
  const summary = page.locator('[data-testid="withdraw-summary"]');
  await summary.waitFor();
  // The code sent now, not an older one of the outbox (the registration's): wait until the newest one changes.
  const before = await outboxCodeFor(server, user.account).catch(() => '');
  await summary.locator('.send-code').click();
  await expect
    .poll(() => outboxCodeFor(server, user.account).catch(() => ''), { timeout: slow(10_000) })
    .not.toBe(before);
  await summary.locator('input[name="code"]').fill(await outboxCodeFor(server, user.account));
  await summary.locator('[data-testid="summary-send"]').click();
}
