// Account endpoints of docs/contract.md §7 (login, demo, register, passwords, codes, captcha, balance) with their wire shapes.
import type { Balance, LoginResult, User } from '../../domain/types.ts';
import type { ForexDetail } from '../../domain/wallet-types.ts';
import { apiGet, apiGetFull, apiPost, apiPostFull, apiRequest, type CallOptions } from './client.ts';

export type LoginType = 'email' | 'mobile';
/** Verification-code purpose on the wire: 1 register, 2 reset/change password. */
export type CodePurpose = 1 | 2;

export interface Captcha {
  id: string; // sent back as `key`
  b64s: string; // data: URL of the picture
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
  key: string; // the sent code's key
}

export interface AmendForm {
  new_password: string;
  auth_code: string;
  type: LoginType;
  key: string; // the sent code's key
}

/** The send answer's data: the key a check of this code must carry (nobody else can spend its attempts). */
export interface SentCode {
  key: string;
  /** Seconds until the next code to this address may be asked for (the send button's countdown). */
  resend_after?: number;
}

/** An account containing "@" is an e-mail address, anything else a phone number. */
export function loginTypeOf(account: string): LoginType {
  return account.includes('@') ? 'email' : 'mobile';
}

/** `code`: the second factor's code (or a recovery code) when the account has one (docs/security.md "Second factor"). */
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

/** Ends `token`'s session on the server; quiet (the app signs out locally whatever the answer). */
export function logout(token: string) {
  return apiRequest<null>(
    { method: 'post', url: '/api/user/logout', headers: { authorization: token } },
    { toast: false },
  );
}

export function userInfo(opts: CallOptions = {}) {
  return apiGet<User>('/api/user/info', undefined, opts);
}

/** Register; some servers log the new user in at once (then the result carries a token). */
export function register(form: RegisterForm) {
  return apiPost<Partial<LoginResult> | null>('/api/user/register', { ...form }, { loading: true });
}

export function forgetPassword(form: ForgetForm) {
  return apiPostFull<unknown>('/api/user/forget_password', { ...form }, { loading: true });
}

/** No toast: /mine/password shows a refusal (the current password again, a wrong code) under its form. */
export function amendPassword(form: AmendForm) {
  return apiPostFull<unknown>('/api/user/amend_password', { ...form }, { loading: true, toast: false });
}

/** Send a code by SMS or e-mail; resolves the envelope so the screen can toast the server's msg. */
export function sendCode(channel: LoginType, to: string, areaId: number | undefined, purpose: CodePurpose) {
  const url = channel === 'email' ? '/api/notify/send_email' : '/api/notify/send_sms';
  return apiPostFull<SentCode | null>(url, { to, area_id: areaId, type: purpose }, { loading: true });
}

export function captcha() {
  return apiGet<Captcha>('/api/captcha');
}

/** Demo only: restore the demo balance and clear its orders; the server's msg is toasted by the caller. */
export function resetDemo() {
  return apiGetFull<unknown>('/v1/api/main/user/resetForexDemoAccount', undefined, { loading: true });
}

export function balance(opts: CallOptions = {}) {
  return apiGet<Balance>('/v1/api/main/wallet/getBalance', undefined, opts);
}

/** The trading account's figures, with the dealer's margin-call level (docs/trading.md "Margin call"). */
export function forexDetail(opts: CallOptions = {}) {
  return apiGet<ForexDetail>('/v1/api/main/account/forexDetail', undefined, opts);
}
