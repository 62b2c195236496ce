// Login, register, forgot: docs/contract.md §5 validation messages, the calls they make, and where they go afterwards.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RouteObject } from 'react-router-dom';
import { LoginPage } from '../../../../../src/pages/auth/login-page.tsx';
import { RegisterPage } from '../../../../../src/pages/auth/register-page.tsx';
import { ForgotPage } from '../../../../../src/pages/auth/forgot-page.tsx';
import {
  validateChange,
  validateForgot,
  validateLogin,
  validateRegister,
} from '../../../../../src/components/credentials/validation.ts';
import { $settings, $token, $user, DEMO_ID_KEY, signOut } from '../../../../../src/state/account/session.ts';
import { $toasts } from '../../../../../src/state/shell/toasts.ts';
import { fail, ok } from '../../../api-fake-server.ts';
import { renderRoutes, submit, typeInto, click, type Rendered } from '../../../pages-render.tsx';
import { Where, startInEnglish, useFakeApi } from '../../../page-suite.tsx';

const USER = { id: 3, uid: 'U3', email: 'me@x.co', mobile: '', is_demo: 0 as const, invite_code: 'Q' };

const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/forgot', element: <ForgotPage /> },
  { path: '/', element: <Where name="home" /> },
  { path: '/trade', element: <Where name="trade" /> },
];

/** Signed out with no toasts, no cached settings and nothing stored (this file's slate: the language stays). */
function cleanSlate(): void {
  signOut();
  $toasts.value = [];
  $settings.value = null;
  localStorage.clear();
}
const fake = useFakeApi(cleanSlate);
let view: Rendered | null = null;

const q = (sel: string): Element | null => view?.container.querySelector(sel) ?? null;
const alerts = (): string[] =>
  [...(view?.container.querySelectorAll('[role="alert"]') ?? [])].map((e) => e.textContent ?? '');
const toasts = (): string[] => $toasts.value.map((t) => t.text);
/** Opens `path` (the login screen), types the account and password, and sends the form; answers the screen. */
async function logIn(path: string, account: string, password: string): Promise<Rendered> {
  const shown = await renderRoutes(routes, path);
  view = shown;
  await typeInto(q('input[name="account"]'), account);
  await typeInto(q('input[name="password"]'), password);
  await submit(q('form'));
  return shown;
}
/** On the sign-up screen: the account (`field` is email or mobile), a matching password twice and `code`, sent. */
async function signUp(field: 'email' | 'mobile', account: string, code: string): Promise<void> {
  await typeInto(q(`input[name="${field}"]`), account);
  await typeInto(q('input[name="password"]'), 'abc12345');
  await typeInto(q('input[name="re_password"]'), 'abc12345');
  await typeInto(q('input[name="code"]'), code);
  await submit(q('form'));
}

beforeAll(startInEnglish);

beforeEach(() => {
  fake.server.on('GET', '/api/default/setting', ok({ key: 'is_show_mobile', value: '1' }));
  fake.server.on('GET', '/api/default/area_list', ok([{ id: 4, code: 'HK', global_code: '+852' }]));
});

describe('validation rules (docs/contract.md §5)', () => {
  it('login: account, then password', () => {
    expect(validateLogin({ account: ' ', password: 'x' })?.key).toBe('auth.account_required');
    expect(validateLogin({ account: 'a@b.co', password: '' })?.key).toBe('errors.password_required');
    expect(validateLogin({ account: 'a@b.co', password: 'x' })).toBeNull();
  });

  it('register: account by tab, passwords, invite when required, code', () => {
    const base = {
      type: 'email' as const,
      account: 'a@b.co',
      password: 'secret1',
      rePassword: 'secret1',
      code: '1',
      invite: '',
      inviteRequired: false,
    };
    expect(validateRegister({ ...base, account: '' })?.key).toBe('errors.email_required');
    expect(validateRegister({ ...base, type: 'mobile', account: '' })?.key).toBe('errors.mobile_required');
    expect(validateRegister({ ...base, password: '' })?.key).toBe('errors.password_required');
    expect(validateRegister({ ...base, rePassword: '' })?.key).toBe('errors.repassword_required');
    expect(validateRegister({ ...base, rePassword: 'other' })).toEqual({
      field: 'rePassword',
      key: 'errors.password_mismatch',
    });
    expect(validateRegister({ ...base, password: 'short', rePassword: 'short' })).toEqual({
      field: 'password',
      key: 'errors.password_length',
      params: { min: '6', max: '32' },
    });
    expect(validateRegister({ ...base, inviteRequired: true })?.key).toBe('errors.invite_code_required');
    expect(validateRegister({ ...base, code: ' ' })?.key).toBe('errors.code_required');
    expect(validateRegister(base)).toBeNull();
  });

  it('forgot and change password: code required, passwords must match', () => {
    expect(validateForgot({ type: 'mobile', account: '', code: '', password: '', rePassword: '' })?.key).toBe(
      'errors.mobile_required',
    );
    expect(validateForgot({ type: 'email', account: 'a', code: '', password: 'p', rePassword: 'p' })?.key).toBe(
      'errors.code_required',
    );
    expect(validateChange({ password: 'secret1', rePassword: 'b', code: '1' })?.key).toBe('errors.password_mismatch');
    expect(validateChange({ password: 'secret1', rePassword: 'secret1', code: '' })?.key).toBe('errors.code_required');
    expect(validateChange({ password: 'a', rePassword: 'a', code: '1' })?.key).toBe('errors.password_length');
  });
});

describe('/login', () => {
  it('shows the docs/contract.md §5 messages under the fields and sends nothing', async () => {
    view = await renderRoutes(routes, '/login');
    await submit(q('form'));
    expect(alerts()).toEqual(['Please enter your email address or cell phone number']);
    await typeInto(q('input[name="account"]'), 'me@x.co');
    await submit(q('form'));
    expect(alerts()).toEqual(['Please enter your password']);
    expect(fake.server.seen.filter((r) => r.url === '/api/user/loginForU')).toEqual([]);
  });

  it('logs in with the email login type and returns to from', async () => {
    fake.server.on('POST', '/api/user/loginForU', ok({ token: 'tok-9', user: USER }));
    await logIn('/login?from=%2Ftrade', 'me@x.co', 'secret');
    const call = fake.server.seen.find((r) => r.url === '/api/user/loginForU');
    expect(new URLSearchParams(call?.body)).toEqual(
      new URLSearchParams('account=me%40x.co&password=secret&login_type=email'),
    );
    expect($token.value).toBe('tok-9');
    expect(q('[data-testid="where"]')?.textContent).toBe('trade /trade');
  });

  it('a phone number logs in as mobile; a wrong password keeps the user here with the server message', async () => {
    fake.server.on('POST', '/api/user/loginForU', fail(0, 'Wrong account or password'));
    const shown = await logIn('/login', '91234567', 'nope');
    expect(fake.server.seen.find((r) => r.url === '/api/user/loginForU')?.body).toContain('login_type=mobile');
    expect(toasts()).toEqual(['Wrong account or password']);
    expect($token.value).toBeNull();
    expect(shown.location().pathname).toBe('/login');
  });

  it('never follows a from that leaves the app', async () => {
    fake.server.on('POST', '/api/user/loginForU', ok({ token: 't', user: USER }));
    await logIn('/login?from=%2F%2Fevil.example', 'me@x.co', 'x');
    expect(q('[data-testid="where"]')?.textContent).toBe('home /');
  });

  it('the demo login sends this browser’s kept demo_id and signs in', async () => {
    localStorage.setItem(DEMO_ID_KEY, 'demo-0123456789abcdef');
    fake.server.on('GET', '/api/user/createAccountDemoForU', (req) =>
      ok({ token: 'demo-tok', user: { ...USER, is_demo: 1, uid: String(req.params['demo_id']) } }),
    );
    view = await renderRoutes(routes, '/login');
    await click(q('[data-testid="demo-login"]'));
    expect(fake.server.seen.find((r) => r.url === '/api/user/createAccountDemoForU')?.params['demo_id']).toBe(
      'demo-0123456789abcdef',
    );
    expect($token.value).toBe('demo-tok');
    expect($user.value?.is_demo).toBe(1);
    expect(q('[data-testid="where"]')?.textContent).toBe('home /');
  });
});

describe('/register', () => {
  it('takes the invite code from the query and checks the passwords match', async () => {
    view = await renderRoutes(routes, '/register?invite_code=INV42');
    expect((q('input[name="invite_code"]') as HTMLInputElement).value).toBe('INV42');
    await typeInto(q('input[name="email"]'), 'new@x.co');
    await typeInto(q('input[name="password"]'), 'abc12345');
    await typeInto(q('input[name="re_password"]'), 'abc12346');
    await submit(q('form'));
    expect(alerts()).toEqual(['Password inconsistency']);
  });

  // A password under 6 characters got only a toast after submitting, the field not marked.
  it('says under the password, as it is typed, that it is too short, and marks the field', async () => {
    view = await renderRoutes(routes, '/register');
    await typeInto(q('input[name="password"]'), 'abc');
    expect(q('[data-message-for="password"]')?.textContent).toBe('The password must be 6 to 32 characters long');
    expect(q('input[name="password"]')?.getAttribute('aria-invalid')).toBe('true');
    await submit(q('form'));
    expect(fake.server.seen.some((r) => r.url === '/api/user/register')).toBe(false);
    await typeInto(q('input[name="password"]'), 'abc123');
    expect(q('[data-message-for="password"]')).toBeNull();
  });

  it('the send-code button asks for the address first, then sends a register code (type 1)', async () => {
    fake.server.on('POST', '/api/notify/send_email', ok(null, 'Code sent to new@x.co'));
    view = await renderRoutes(routes, '/register');
    await click(q('[data-testid="send-code"]'));
    expect(alerts()).toEqual(['Please enter your email address']);
    await typeInto(q('input[name="email"]'), 'new@x.co');
    await click(q('[data-testid="send-code"]'));
    const sent = fake.server.seen.find((r) => r.url === '/api/notify/send_email');
    expect(new URLSearchParams(sent?.body).get('to')).toBe('new@x.co');
    expect(new URLSearchParams(sent?.body).get('type')).toBe('1');
    expect(toasts()).toContain('Code sent to new@x.co');
    expect(q('[data-testid="send-code"]')?.textContent).toBe('Resend in 60s');
  });

  it('mobile sign-up sends area_id and mobile; success signs in and goes home', async () => {
    fake.server.on(
      'POST',
      '/api/user/register',
      ok({ token: 'reg-tok', user: { ...USER, email: '', mobile: '91234567' } }),
    );
    view = await renderRoutes(routes, '/register');
    await click(q('[data-value="mobile"]'));
    await signUp('mobile', '91234567', '123456');
    const body = new URLSearchParams(fake.server.seen.find((r) => r.url === '/api/user/register')?.body);
    expect(Object.fromEntries(body)).toMatchObject({
      type: 'mobile',
      area_id: '4',
      mobile: '91234567',
      sms_code: '123456',
      key: '',
    });
    expect($token.value).toBe('reg-tok');
    expect(q('[data-testid="where"]')?.textContent).toBe('home /');
  });

  it('verify_reg_type 2 shows the picture captcha (tap for a new one) and sends its id as key', async () => {
    $settings.value = { service_link: '', service_link_type: 1, verify_reg_type: 2, trade_fee_type: 2 };
    let n = 0;
    fake.server.on('GET', '/api/captcha', () => ok({ id: `cap-${++n}`, b64s: 'data:image/svg+xml;base64,PHN2Zy8+' }));
    fake.server.on('POST', '/api/user/register', fail(0, 'Wrong picture code'));
    view = await renderRoutes(routes, '/register');
    expect(q('[data-testid="send-code"]')).toBeNull();
    expect(q('[data-testid="captcha"] img')?.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    await click(q('[data-testid="captcha"]'));
    expect(n).toBe(2);
    await signUp('email', 'new@x.co', 'XK7P');
    const body = new URLSearchParams(fake.server.seen.find((r) => r.url === '/api/user/register')?.body);
    expect(body.get('key')).toBe('cap-2');
    expect(body.get('sms_code')).toBe('XK7P');
    expect(n).toBe(3); // a used captcha is replaced after the failure
  });
});

describe('/forgot', () => {
  it("resets with a code (sending back the code's key) and returns to /login with the server message", async () => {
    fake.server.on('POST', '/api/notify/send_email', ok({ key: 'code-key-1' }, 'sent'));
    fake.server.on('POST', '/api/user/forget_password', ok(null, 'Password changed'));
    view = await renderRoutes(routes, '/forgot');
    await typeInto(q('input[name="email"]'), 'me@x.co');
    await click(q('[data-testid="send-code"]'));
    expect(
      new URLSearchParams(fake.server.seen.find((r) => r.url === '/api/notify/send_email')?.body).get('type'),
    ).toBe('2');
    await typeInto(q('input[name="code"]'), '654321');
    await typeInto(q('input[name="new_password"]'), 'newpass1');
    await typeInto(q('input[name="secondary_password"]'), 'newpass1');
    await submit(q('form'));
    const body = Object.fromEntries(
      new URLSearchParams(fake.server.seen.find((r) => r.url === '/api/user/forget_password')?.body),
    );
    expect(body).toEqual({
      type: 'email',
      account: 'me@x.co',
      new_password: 'newpass1',
      secondary_password: 'newpass1',
      auth_code: '654321',
      key: 'code-key-1',
    });
    expect(toasts()).toContain('Password changed');
    expect(view.location().pathname).toBe('/login');
  });
});
