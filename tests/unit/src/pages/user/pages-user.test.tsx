// The user center (balance card, rows, demo rules, reset demo), logout, change password and the language list.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { UserPage, HIDE_BALANCE_KEY } from '../../../../../src/pages/user/user-page.tsx';
import { SystemPage } from '../../../../../src/pages/mine/system-page.tsx';
import { PasswordPage } from '../../../../../src/pages/mine/password-page.tsx';
import { LanguagePage } from '../../../../../src/pages/language/language-page.tsx';
import { $lang } from '../../../../../src/i18n/index.ts';
import { $token, signIn } from '../../../../../src/state/account/session.ts';
import { $toasts } from '../../../../../src/state/shell/toasts.ts';
import { fail, ok, type Reply } from '../../../api-fake-server.ts';
import { forgetCooldowns } from '../../../../../src/components/forms/send-code-button.tsx';
import { click, renderRoutes, settle, submit, typeInto, type Rendered } from '../../../pages-render.tsx';
import { Where, startInEnglish, useFakeApi } from '../../../page-suite.tsx';
import { slow } from '../../../../fixtures/slowness.ts';

const REAL = { id: 1, uid: 'U100', email: 'real@x.co', mobile: '', is_demo: 0 as const, invite_code: 'A' };
const DEMO = { id: 2, uid: 'D200', email: '', mobile: '', is_demo: 1 as const, invite_code: 'B' };

const routes: RouteObject[] = [
  { path: '/user', element: <UserPage /> },
  { path: '/mine/system', element: <SystemPage /> },
  { path: '/mine/password', element: <PasswordPage /> },
  { path: '/language', element: <LanguagePage /> },
  { path: '/', element: <Where name="home" /> },
  { path: '*', element: <Where name="other" /> },
];

const fake = useFakeApi();
let view: Rendered | null = null;
const q = (sel: string): Element | null => view?.container.querySelector(sel) ?? null;
const toasts = (): string[] => $toasts.value.map((t) => t.text);
const rows = (): string[] =>
  [...(view?.container.querySelectorAll('[data-row]') ?? [])].map((e) => e.getAttribute('data-row') ?? '');

beforeAll(startInEnglish);

beforeEach(async () => {
  localStorage.removeItem(HIDE_BALANCE_KEY);
  fake.server.on('GET', '/v1/api/main/wallet/getBalance', ok({ balance: '100000.00000000', lock_balance: '250.5' }));
});

afterEach(async () => {
  document.querySelectorAll('.dialog-layer').forEach((e) => e.remove());
});

describe('/user', () => {
  it('a real account: who, USD balance with 2 decimals, every row except reset', async () => {
    signIn({ token: 't', user: REAL });
    view = await renderRoutes(routes, '/user');
    expect(q('[data-testid="user-name"]')?.textContent).toBe('real@x.co');
    expect(q('[data-testid="account-kind"]')?.textContent).toBe('Real');
    expect(q('[data-testid="balance-amount"]')?.textContent).toBe('100,000.00');
    expect(q('.balance-card__sub')?.textContent).toContain('250.50 USD');
    expect(rows()).toEqual([
      'deposit',
      'withdraw',
      'wallet',
      'mining',
      'auth',
      'invite',
      'password',
      'security',
      'notices',
      'service',
      'email',
      'feedback',
      'announcement',
      'news',
      'language',
      'other',
    ]);
  });

  it('the real-name row says where verification stands; a demo account never asks', async () => {
    for (const [status, label] of [
      [0, 'Not verified'],
      [1, 'Under review'],
      [2, 'Verified'],
    ] as const) {
      fake.server.on(
        'GET',
        '/api/user_real/center',
        ok({ review_status: status, name: '', card_id: '', front_pic: '', reverse_pic: '', reason: '' }),
      );
      signIn({ token: 't', user: REAL });
      view = await renderRoutes(routes, '/user');
      await settle();
      const note = q('[data-testid="realname-row-status"]');
      expect([note?.textContent, note?.getAttribute('data-status')]).toEqual([label, String(status)]);
      await view.unmount();
      view = null;
    }
    fake.server.seen.length = 0;
    signIn({ token: 'd', user: DEMO });
    view = await renderRoutes(routes, '/user');
    await settle();
    expect(q('[data-testid="realname-row-status"]')).toBeNull();
    expect(fake.server.seen.some((r) => r.url === '/api/user_real/center')).toBe(false);
  });

  it('the balance hides and shows, and remembers the choice', async () => {
    signIn({ token: 't', user: REAL });
    view = await renderRoutes(routes, '/user');
    await click(q('[data-testid="balance-toggle"]'));
    expect(q('[data-testid="balance-amount"]')?.textContent).toBe('****');
    expect(localStorage.getItem(HIDE_BALANCE_KEY)).toBe('1');
    await click(q('[data-testid="balance-toggle"]'));
    expect(q('[data-testid="balance-amount"]')?.textContent).toBe('100,000.00');
  });

  it('a demo account: deposit does not open and shows the real-account message', async () => {
    signIn({ token: 't', user: DEMO });
    view = await renderRoutes(routes, '/user');
    expect(rows()).toContain('reset');
    await click(q('[data-row="deposit"]'));
    expect(toasts()).toEqual(['Please register or log in to a real account']);
    expect(view.location().pathname).toBe('/user');
    await click(q('[data-row="announcement"]'));
    expect(view.location().pathname).toBe('/mine/announcement');
  });

  it('reset demo asks first, then calls the API and toasts the server message', async () => {
    fake.server.on(
      'GET',
      '/v1/api/main/user/resetForexDemoAccount',
      ok({ balance: '100000', lock_balance: '0' }, 'Demo account reset'),
    );
    signIn({ token: 't', user: DEMO });
    view = await renderRoutes(routes, '/user');
    await click(q('[data-row="reset"]'));
    expect(document.querySelector('.dialog')?.textContent).toContain('Reset the demo account?');
    expect(fake.server.seen.some((r) => r.url === '/v1/api/main/user/resetForexDemoAccount')).toBe(false);
    await click(document.querySelector('.dialog .btn-primary'));
    expect(fake.server.seen.some((r) => r.url === '/v1/api/main/user/resetForexDemoAccount')).toBe(true);
    expect(toasts()).toEqual(['Demo account reset']);
    expect(document.querySelector('.dialog')).toBeNull();
  });

  it('"other" leads to the logout row; logout confirms, clears the session and goes to /', async () => {
    signIn({ token: 't', user: REAL });
    view = await renderRoutes(routes, '/user');
    await click(q('[data-row="other"]'));
    await click(q('[data-testid="logout"]'));
    expect($token.value).toBe('t'); // not before the confirm
    expect(document.querySelector('.dialog')?.textContent).toContain('Are you sure you want to log out?');
    await click(document.querySelector('.dialog .btn-danger'));
    expect($token.value).toBeNull();
    expect(toasts()).toEqual(['Logged out']);
    expect(q('[data-testid="where"]')?.textContent).toBe('home /');
  });

  it('signs the session out on the server when forgetting the push device fails, and leaves no rejection', async () => {
    fake.server.on('POST', '/api/user/logout', ok(null, 'ok'));
    const getRegistration = vi.fn(() => Promise.reject(new Error('no service worker')));
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', class {});
    Object.defineProperty(navigator, 'serviceWorker', { value: { getRegistration }, configurable: true });
    try {
      signIn({ token: 't', user: REAL });
      view = await renderRoutes(routes, '/user');
      await click(q('[data-row="other"]'));
      await click(q('[data-testid="logout"]'));
      await click(document.querySelector('.dialog .btn-danger'));
      await vi.waitFor(() => expect(fake.server.seen.some((r) => r.url === '/api/user/logout')).toBe(true));
      expect(getRegistration).toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
      vi.unstubAllGlobals();
    }
  });
});

/** A failure envelope that says more than its text (a refused resend's wait). */
const failWith = (code: number, msg: string, data: object): Reply => ({ envelope: { code, msg, data } });

describe('/mine/password', () => {
  beforeEach(() => forgetCooldowns());

  it('needs matching passwords and a code, then amends with a code sent to the account email', async () => {
    fake.server.on('POST', '/api/notify/send_email', ok({ key: 'code-key-7' }, 'sent'));
    fake.server.on('POST', '/api/user/amend_password', ok(null, 'Password changed'));
    signIn({ token: 't', user: REAL });
    view = await renderRoutes(routes, '/mine/password');
    await typeInto(q('input[name="new_password"]'), 'abcdef');
    await typeInto(q('input[name="re_password"]'), 'abd');
    await submit(q('form'));
    expect(q('[role="alert"]')?.textContent).toBe('Password inconsistency');
    await typeInto(q('input[name="re_password"]'), 'abcdef');
    await submit(q('form'));
    expect(q('[role="alert"]')?.textContent).toBe('Please enter the verification code');
    await click(q('[data-testid="send-code"]'));
    const sent = new URLSearchParams(fake.server.seen.find((r) => r.url === '/api/notify/send_email')?.body);
    expect([sent.get('to'), sent.get('type')]).toEqual(['real@x.co', '2']);
    await typeInto(q('input[name="code"]'), '111222');
    await submit(q('form'));
    const body = Object.fromEntries(
      new URLSearchParams(fake.server.seen.find((r) => r.url === '/api/user/amend_password')?.body),
    );
    expect(body).toEqual({ new_password: 'abcdef', auth_code: '111222', type: 'email', key: 'code-key-7' });
    expect(toasts()).toContain('Password changed');
  });

  //
  it('says under the new password, as it is typed, that it is too short; the message goes once it fits', async () => {
    signIn({ token: 't', user: REAL });
    view = await renderRoutes(routes, '/mine/password');
    await typeInto(q('input[name="new_password"]'), 'abc');
    expect(q('[data-message-for="new_password"]')?.textContent).toBe('The password must be 6 to 32 characters long');
    expect(q('input[name="new_password"]')?.getAttribute('aria-invalid')).toBe('true');
    await typeInto(q('input[name="new_password"]'), 'abcdef');
    expect(q('[data-message-for="new_password"]')).toBeNull();
  });

  it('shows the server’s refusal of the current password under the form, not as a toast over it', async () => {
    fake.server.on('POST', '/api/notify/send_email', ok({ key: 'k', resend_after: 60 }, 'sent'));
    fake.server.on(
      'POST',
      '/api/user/amend_password',
      fail(0, 'The new password must be different from your current one'),
    );
    signIn({ token: 't', user: REAL });
    view = await renderRoutes(routes, '/mine/password');
    await typeInto(q('input[name="new_password"]'), 'same-as-before');
    await typeInto(q('input[name="re_password"]'), 'same-as-before');
    await click(q('[data-testid="send-code"]'));
    await typeInto(q('input[name="code"]'), '111222');
    await submit(q('form'));
    expect(q('[data-message-for="form"]')?.textContent).toBe(
      'The new password must be different from your current one',
    );
    expect(toasts()).not.toContain('The new password must be different from your current one');
  });

  it('keeps the server’s send-code wait when the page is left and opened again', async () => {
    fake.server.on('POST', '/api/notify/send_email', ok({ key: 'k', resend_after: 60 }, 'sent'));
    signIn({ token: 't', user: REAL });
    view = await renderRoutes(routes, '/mine/password');
    await click(q('[data-testid="send-code"]'));
    expect((q('[data-testid="send-code"]') as HTMLButtonElement | null)?.disabled).toBe(true);
    await view.unmount();
    view = await renderRoutes(routes, '/mine/password');
    const button = q('[data-testid="send-code"]') as HTMLButtonElement | null;
    expect(button?.disabled).toBe(true);
    expect(button?.textContent).toMatch(/^Resend in (59|60)s$/);
  });

  it('counts down the wait the server gives when it refuses a send as too soon', async () => {
    forgetCooldowns();
    fake.server.on(
      'POST',
      '/api/notify/send_email',
      failWith(0, 'Please wait 47 s before asking for another code', { resend_after: 47 }),
    );
    signIn({ token: 't', user: REAL });
    view = await renderRoutes(routes, '/mine/password');
    await click(q('[data-testid="send-code"]'));
    const button = q('[data-testid="send-code"]') as HTMLButtonElement | null;
    expect(button?.disabled).toBe(true);
    expect(button?.textContent).toMatch(/^Resend in (46|47)s$/);
  });
});

describe('/language', () => {
  it('lists the 18 languages by native name; choosing one switches and goes back', async () => {
    view = await renderRoutes(routes, '/language');
    const items = [...(view.container.querySelectorAll('[data-lang]') ?? [])];
    expect(items).toHaveLength(18);
    expect(items.map((i) => i.textContent)).toContain('Deutsch');
    expect(q('[data-lang="en"]')?.getAttribute('aria-current')).toBe('true');
    expect(q('[data-lang="de"]')?.hasAttribute('aria-current')).toBe(false);
    // A plain list of buttons: no listbox/option roles that would need other parents and children (axe, critical).
    expect(view.container.querySelector('.lang-list [role]')).toBeNull();
    expect(q('.lang-list')?.getAttribute('role')).toBeNull();
    await click(q('[data-lang="ar"]'));
    // The Arabic texts load as their own chunk: wait for the switch rather than for a fixed number of ticks.
    await vi.waitFor(() => expect($lang.value).toBe('ar'), { timeout: slow(5000) });
    expect(document.documentElement.dir).toBe('rtl');
    // The page goes back only after the choice is stored (cookie, IndexedDB): wait for it too.
    const shown = view;
    await vi.waitFor(() => expect(shown.location().pathname).toBe('/'), { timeout: slow(5000) }); // opened directly: back falls back to /
  });
});
