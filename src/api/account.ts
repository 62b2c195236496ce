import type { Balance, LoginResult, User } from '../../domain/types.ts';
import type { ForexDetail } from '../../domain/wallet-types.ts';
import { apiGet, apiGetFull, apiPost, apiPostFull, apiRequest, type CallOptions } from './client.ts';

export type LoginType = 'email' | 'mobile';
/** 1 register, 2 reset/change password. */
export type CodePurpose = 1 | 2;

export interface Captcha {
  id: string; // sent back as `key`
  b64s: string;
}

export interface RegisterForm {
  type: LoginType;
  area_id?: number | undefined; // mobile only
  account: string;
  mobile: string;
  password: string;
  re_password: string;
  invite_code: string;
  sms_code: string; // the sent code, or the picture captcha's text
  key: string; // picture captcha id, or the sent code's key (the send answer's data.key)
}

export interface ForgetForm {
  type: LoginType;
  account: string;
  area_id?: number | undefined; // mobile only
  new_password: string;
  secondary_password: string;
  auth_code: string;
  key: string;
}

export interface AmendForm {
  new_password: string;
  auth_code: string;
  type: LoginType;
  key: string;
}

/** The key a check of this code must carry, so nobody else can spend its attempts. */
export interface SentCode {
  key: string;
  /** The send button's countdown. */
  resend_after?: number;
}

export function loginTypeOf(account: string): LoginType {
  return account.includes('@') ? 'email' : 'mobile';
}

/** `code`: the second factor's or a recovery code (docs/security.md "Second factor"). */
export function login(account: string, password: string, code?: string, loginType: LoginType = loginTypeOf(account)) {
  return apiPost<LoginResult>(
    '/api/user/loginForU',
    { account: account.trim(), password, login_type: loginType, code: code?.trim() || undefined },
    { loading: true },
  );
}

export function demoLogin(demoId: string) {
  return apiGet<LoginResult>('/api/user/createAccountDemoForU', { demo_id: demoId }, { loading: true });
}

/** Quiet: the app signs out locally whatever the answer. */
export function logout(token: string) {
  return apiRequest<null>(
    { method: 'post', url: '/api/user/logout', headers: { authorization: token } },
    { toast: false },
  );
}

export function userInfo(opts: CallOptions = {}) {
  return apiGet<User>('/api/user/info', undefined, opts);
}

/** Some servers log the new user in at once (then the result carries a token). */
export function register(form: RegisterForm) {
  return apiPost<Partial<LoginResult> | null>('/api/user/register', { ...form }, { loading: true });
}

export function forgetPassword(form: ForgetForm) {
  return apiPostFull<unknown>('/api/user/forget_password', { ...form }, { loading: true });
}

/** No toast: /mine/password shows a refusal under its form. */
export function amendPassword(form: AmendForm) {
  return apiPostFull<unknown>('/api/user/amend_password', { ...form }, { loading: true, toast: false });
}

/** Resolves the envelope so the screen can toast the server's msg. */
export function sendCode(channel: LoginType, to: string, areaId: number | undefined, purpose: CodePurpose) {
  const url = channel === 'email' ? '/api/notify/send_email' : '/api/notify/send_sms';
  return apiPostFull<SentCode | null>(url, { to, area_id: areaId, type: purpose }, { loading: true });
}

export function captcha() {
  return apiGet<Captcha>('/api/captcha');
}

/** Demo only; the caller toasts the server's msg. */
export function resetDemo() {
  return apiGetFull<unknown>('/v1/api/main/user/resetForexDemoAccount', undefined, { loading: true });
}

export function balance(opts: CallOptions = {}) {
  return apiGet<Balance>('/v1/api/main/wallet/getBalance', undefined, opts);
}

/** With the dealer's margin-call level (docs/trading.md "Margin call"). */
export function forexDetail(opts: CallOptions = {}) {
  return apiGet<ForexDetail>('/v1/api/main/account/forexDetail', undefined, opts);
}
