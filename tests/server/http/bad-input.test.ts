// For every account and common route, a table of bad inputs: each gets a clear message (English here) and a code
// other than 1 — never a 500 — and writes nothing (row counts of every account table, uploads included).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_TABLES,
  api,
  countRows,
  demoClient,
  manualClock,
  registerAndLogin,
  startTestServer,
  type ApiClient,
  type RegisteredUser,
  type Reply,
  type TestServer,
} from '../support/harness.ts';
import { BODY_MAX_BYTES } from '../../../server/http/http-app.ts';

const clock = manualClock();
let server: TestServer;
let anon: ApiClient;
let user: RegisteredUser;
let demo: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true } });
  anon = api(server.baseUrl, { lang: 'en' });
  user = await registerAndLogin(server, { clock });
  demo = await demoClient(server, 'bad-input-demo-1');
});
afterAll(async () => {
  await server?.close();
});

interface Case {
  name: string;
  call: () => Promise<Reply<unknown>>;
  msg: string | RegExp;
  status?: number; // HTTP status, 200 unless said
  code?: number; // envelope code, 0 unless said
}

const long = (n: number): string => 'x'.repeat(n);
const png = (bytes = 16): Blob => {
  const b = new Uint8Array(bytes);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Blob([b], { type: 'image/png' });
};

const reg = (over: Record<string, string | number | undefined>) => ({
  type: 'email',
  account: 'new-user@example.com',
  password: 'abc12345',
  re_password: 'abc12345',
  sms_code: '123456',
  ...over,
});
const forget = (over: Record<string, string | undefined>) => ({
  type: 'email',
  account: 'nobody@example.com',
  new_password: 'abc12345',
  secondary_password: 'abc12345',
  auth_code: '123456',
  ...over,
});

const cases: Case[] = [
  // GET /api/default/area_list, basic info, company status, captcha: only `t`, capped.
  {
    name: 'area_list: t too long',
    call: () => anon.get('/api/default/area_list', { t: long(40) }),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  {
    name: 'getBasicInfo: t too long',
    call: () => anon.get('/api/basicSet/getBasicInfo', { t: long(40) }),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  {
    name: 'getCompanyStatus: t too long',
    call: () => anon.get('/api/company/getCompanyStatus', { t: long(40) }),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  {
    name: 'captcha: t too long',
    call: () => anon.get('/api/captcha', { t: long(40) }),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  // GET /api/default/setting
  {
    name: 'setting: no key',
    call: () => anon.get('/api/default/setting'),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  {
    name: 'setting: private key',
    call: () => anon.get('/api/default/setting', { key: 'loss_url' }),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  // GET /api/company/getCompany
  {
    name: 'getCompany: name too long',
    call: () => anon.get('/api/company/getCompany', { name: long(101) }),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  {
    name: 'getCompany: id not a number',
    call: () => anon.get('/api/company/getCompany', { id: 'abc' }),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  {
    name: 'getCompany: id zero',
    call: () => anon.get('/api/company/getCompany', { id: 0 }),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  // POST /api/notify/send_email
  {
    name: 'send_email: no to',
    call: () => anon.post('/api/notify/send_email', { type: 1 }),
    msg: 'Please enter your email address or cell phone number',
  },
  {
    name: 'send_email: empty to',
    call: () => anon.post('/api/notify/send_email', { to: '', type: 1 }),
    msg: 'Please enter your email address or cell phone number',
  },
  {
    name: 'send_email: not an e-mail',
    call: () => anon.post('/api/notify/send_email', { to: 'not-an-email', type: 1 }),
    msg: 'Please enter a valid email address',
  },
  {
    name: 'send_email: no type',
    call: () => anon.post('/api/notify/send_email', { to: 'a@example.com' }),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  {
    name: 'send_email: type 3',
    call: () => anon.post('/api/notify/send_email', { to: 'a@example.com', type: 3 }),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  {
    name: 'send_email: registered address, type 1',
    call: () => anon.post('/api/notify/send_email', { to: user.account, type: 1 }),
    msg: 'This account is already registered, please log in',
  },
  // POST /api/notify/send_sms
  {
    name: 'send_sms: no area',
    call: () => anon.post('/api/notify/send_sms', { to: '91234567', type: 1 }),
    msg: 'Please choose your area code',
  },
  {
    name: 'send_sms: unknown area',
    call: () => anon.post('/api/notify/send_sms', { to: '91234567', area_id: 99999, type: 1 }),
    msg: 'Please choose a valid area code',
  },
  {
    name: 'send_sms: area not a number',
    call: () => anon.post('/api/notify/send_sms', { to: '91234567', area_id: 'hk', type: 1 }),
    msg: 'Please check Area code: the value is not valid',
  },
  {
    name: 'send_sms: letters',
    call: () => anon.post('/api/notify/send_sms', { to: 'call-me', area_id: 1, type: 1 }),
    msg: 'Please enter a valid cell phone number',
  },
  {
    name: 'send_sms: too short',
    call: () => anon.post('/api/notify/send_sms', { to: '123', area_id: 1, type: 1 }),
    msg: 'Please enter a valid cell phone number',
  },
  // POST /api/user/register
  {
    name: 'register: no type',
    call: () => anon.post('/api/user/register', reg({ type: undefined })),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  {
    name: 'register: type fax',
    call: () => anon.post('/api/user/register', reg({ type: 'fax' })),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  {
    name: 'register: no account',
    call: () => anon.post('/api/user/register', reg({ account: undefined })),
    msg: 'Please enter your email address',
  },
  {
    name: 'register: bad e-mail',
    call: () => anon.post('/api/user/register', reg({ account: 'a@b' })),
    msg: 'Please enter a valid email address',
  },
  {
    name: 'register: account too long',
    call: () => anon.post('/api/user/register', reg({ account: `${long(250)}@example.com` })),
    msg: 'Please check Email or phone: the value is not valid',
  },
  {
    name: 'register: no password',
    call: () => anon.post('/api/user/register', reg({ password: undefined })),
    msg: 'Please enter your password',
  },
  {
    name: 'register: no repeat',
    call: () => anon.post('/api/user/register', reg({ re_password: undefined })),
    msg: 'Re-type the password',
  },
  {
    name: 'register: repeat differs',
    call: () => anon.post('/api/user/register', reg({ re_password: 'abc12346' })),
    msg: 'Password inconsistency',
  },
  {
    name: 'register: password short',
    call: () => anon.post('/api/user/register', reg({ password: 'abc', re_password: 'abc' })),
    msg: 'The password must be 6 to 32 characters long',
  },
  {
    name: 'register: password long',
    call: () => anon.post('/api/user/register', reg({ password: long(33), re_password: long(33) })),
    msg: 'The password must be 6 to 32 characters long',
  },
  {
    name: 'register: no code',
    call: () => anon.post('/api/user/register', reg({ sms_code: undefined })),
    msg: 'Please enter the verification code',
  },
  {
    name: 'register: code never sent',
    call: () => anon.post('/api/user/register', reg({})),
    msg: 'The verification code is incorrect',
  },
  {
    name: 'register: mobile without area',
    call: () => anon.post('/api/user/register', reg({ type: 'mobile', mobile: '91234567' })),
    msg: 'Please choose your area code',
  },
  {
    name: 'register: mobile without number',
    call: () => anon.post('/api/user/register', reg({ type: 'mobile', account: undefined, area_id: 1 })),
    msg: 'Please enter your cell phone number',
  },
  {
    name: 'register: unknown invite code',
    call: () => anon.post('/api/user/register', reg({ invite_code: 'NOSUCH' })),
    msg: 'This invitation code does not exist',
  },
  {
    name: 'register: existing account',
    call: () => anon.post('/api/user/register', reg({ account: user.account })),
    msg: 'This account is already registered, please log in',
  },
  {
    name: 'register: area_id negative',
    call: () => anon.post('/api/user/register', reg({ type: 'mobile', mobile: '91234567', area_id: -1 })),
    msg: 'Please check Area code: the value is not valid',
  },
  // POST /api/user/loginForU
  {
    name: 'login: no account',
    call: () => anon.post('/api/user/loginForU', { password: 'abc12345' }),
    msg: 'Please enter your email address or cell phone number',
  },
  {
    name: 'login: no password',
    call: () => anon.post('/api/user/loginForU', { account: user.account }),
    msg: 'Please enter your password',
  },
  {
    name: 'login: empty password',
    call: () => anon.post('/api/user/loginForU', { account: user.account, password: '' }),
    msg: 'Please enter your password',
  },
  {
    name: 'login: login_type wrong',
    call: () => anon.post('/api/user/loginForU', { account: user.account, password: 'x', login_type: 'qq' }),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  {
    name: 'login: e-mail malformed',
    call: () => anon.post('/api/user/loginForU', { account: 'a@', password: 'x', login_type: 'email' }),
    msg: 'Please enter a valid email address',
  },
  {
    name: 'login: wrong password',
    call: () => anon.post('/api/user/loginForU', { account: user.account, password: 'wrong-one', login_type: 'email' }),
    msg: 'Incorrect account or password',
  },
  // GET /api/user/createAccountDemoForU
  {
    name: 'demo: no demo_id',
    call: () => anon.get('/api/user/createAccountDemoForU'),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  {
    name: 'demo: demo_id short',
    call: () => anon.get('/api/user/createAccountDemoForU', { demo_id: 'abc' }),
    msg: 'The demo account id is not valid',
  },
  {
    name: 'demo: demo_id odd chars',
    call: () => anon.get('/api/user/createAccountDemoForU', { demo_id: 'abc def ghi' }),
    msg: 'The demo account id is not valid',
  },
  {
    name: 'demo: demo_id too long',
    call: () => anon.get('/api/user/createAccountDemoForU', { demo_id: long(65) }),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  // POST /api/user/forget_password
  {
    name: 'forget: no type',
    call: () => anon.post('/api/user/forget_password', forget({ type: undefined })),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  {
    name: 'forget: no account',
    call: () => anon.post('/api/user/forget_password', forget({ account: undefined })),
    msg: 'Please enter your email address or cell phone number',
  },
  {
    name: 'forget: no new password',
    call: () => anon.post('/api/user/forget_password', forget({ new_password: undefined })),
    msg: 'Please enter your password',
  },
  {
    name: 'forget: no repeat',
    call: () => anon.post('/api/user/forget_password', forget({ secondary_password: undefined })),
    msg: 'Re-type the password',
  },
  {
    name: 'forget: repeat differs',
    call: () => anon.post('/api/user/forget_password', forget({ secondary_password: 'zzz12345' })),
    msg: 'Password inconsistency',
  },
  {
    name: 'forget: no code',
    call: () => anon.post('/api/user/forget_password', forget({ auth_code: undefined })),
    msg: 'Please enter the verification code',
  },
  {
    name: 'forget: unknown account',
    call: () => anon.post('/api/user/forget_password', forget({})),
    msg: 'The verification code is incorrect',
  },
  {
    name: 'forget: known account, no code sent',
    call: () => anon.post('/api/user/forget_password', forget({ account: user.account })),
    msg: 'The verification code is incorrect',
  },
  {
    name: 'forget: mobile malformed',
    call: () => anon.post('/api/user/forget_password', forget({ type: 'mobile', account: 'abc' })),
    msg: 'Please enter a valid cell phone number',
  },
  // POST /api/user/amend_password (with a session)
  {
    name: 'amend: no new password',
    call: () => user.client.withLang('en').post('/api/user/amend_password', { auth_code: '123456' }),
    msg: 'Please enter your password',
  },
  {
    name: 'amend: no code',
    call: () => user.client.withLang('en').post('/api/user/amend_password', { new_password: 'abc12345' }),
    msg: 'Please enter the verification code',
  },
  {
    name: 'amend: type wrong',
    call: () =>
      user.client
        .withLang('en')
        .post('/api/user/amend_password', { new_password: 'abc12345', auth_code: '123456', type: 'qq' }),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  {
    name: 'amend: short password',
    call: () =>
      user.client.withLang('en').post('/api/user/amend_password', { new_password: 'abc', auth_code: '123456' }),
    msg: 'The password must be 6 to 32 characters long',
  },
  {
    name: 'amend: no code sent',
    call: () =>
      user.client.withLang('en').post('/api/user/amend_password', { new_password: 'abc12345', auth_code: '123456' }),
    msg: 'The verification code is incorrect',
  },
  {
    name: 'amend: mobile code for an e-mail user',
    call: () =>
      user.client
        .withLang('en')
        .post('/api/user/amend_password', { new_password: 'abc12345', auth_code: '123456', type: 'mobile' }),
    msg: 'The verification code is incorrect',
  },
  {
    name: 'amend: demo user',
    call: () => demo.post('/api/user/amend_password', { new_password: 'abc12345', auth_code: '123456' }),
    msg: 'Please register or log in to a real account',
  },
  // GET /v1/api/main/user/resetForexDemoAccount, /api/user/info, getBalance
  {
    name: 'reset: real user',
    call: () => user.client.withLang('en').get('/v1/api/main/user/resetForexDemoAccount'),
    msg: 'Only a demo account can be reset',
  },
  {
    name: 'info: no session',
    call: () => anon.get('/api/user/info'),
    msg: 'Your session has expired, please log in again',
    code: 999,
  },
  {
    name: 'getBalance: no session',
    call: () => anon.get('/v1/api/main/wallet/getBalance'),
    msg: 'Your session has expired, please log in again',
    code: 999,
  },
  // POST /api/common/image_upload
  {
    name: 'upload: no session',
    call: () => anon.upload('/api/common/image_upload', { file: png() }),
    msg: 'Your session has expired, please log in again',
    code: 999,
  },
  {
    name: 'upload: not multipart',
    call: () => user.client.withLang('en').post('/api/common/image_upload', { file: 'x' }),
    msg: 'Please choose an image to upload',
  },
  {
    name: 'upload: wrong field',
    call: () => user.client.withLang('en').upload('/api/common/image_upload', { picture: png() }),
    msg: 'Please choose an image to upload',
  },
  {
    name: 'upload: empty file',
    call: () => user.client.withLang('en').upload('/api/common/image_upload', { file: new Blob([]) }),
    msg: 'Please choose an image to upload',
  },
  {
    name: 'upload: text file',
    call: () =>
      user.client
        .withLang('en')
        .upload('/api/common/image_upload', { file: new Blob(['hello'], { type: 'image/png' }) }),
    msg: 'Only PNG, JPEG, GIF or WebP images can be uploaded',
  },
  {
    name: 'upload: svg (script risk)',
    call: () =>
      user.client.withLang('en').upload('/api/common/image_upload', {
        file: new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
          type: 'image/svg+xml',
        }),
      }),
    msg: 'Only PNG, JPEG, GIF or WebP images can be uploaded',
  },
  {
    name: 'upload: over 5 MB',
    call: () => user.client.withLang('en').upload('/api/common/image_upload', { file: png(5 * 1024 * 1024 + 1) }),
    msg: 'The image must be at most 5 MB',
  },
  // Framework-level rejections still answer with an envelope.
  {
    name: 'malformed JSON body',
    call: () => anon.raw('POST', '/api/user/loginForU', '{"account": ', 'application/json'),
    msg: 'The request could not be understood',
    status: 400,
  },
  {
    name: 'unsupported content type',
    call: () => anon.raw('POST', '/api/user/loginForU', '<account>a</account>', 'application/xml'),
    msg: 'The request could not be understood',
    status: 415,
  },
  {
    name: 'a form body over 64 KiB',
    call: () =>
      anon.raw(
        'POST',
        '/api/user/loginForU',
        `account=${long(BODY_MAX_BYTES)}&password=x`,
        'application/x-www-form-urlencoded',
      ),
    msg: 'The request is too large',
    status: 413,
  },
  {
    name: 'a JSON body over 64 KiB',
    call: () =>
      anon.raw(
        'POST',
        '/api/user/loginForU',
        JSON.stringify({ account: long(BODY_MAX_BYTES), password: 'x' }),
        'application/json',
      ),
    msg: 'The request is too large',
    status: 413,
  },
  {
    name: 'JSON body of the wrong type',
    call: () => anon.postJson('/api/user/loginForU', ['a', 'b']),
    msg: 'Something in this request is not valid. Please go back and try again.',
  },
  {
    name: 'JSON field of the wrong type',
    call: () => anon.postJson('/api/user/loginForU', { account: { $gt: '' }, password: 'x' }),
    msg: 'Please check Email or phone: the value is not valid',
  },
  { name: 'unknown route (GET)', call: () => anon.get('/api/user/nothing-here'), msg: 'Not found', status: 404 },
  { name: 'unknown route (POST)', call: () => anon.post('/v1/api/nothing', { a: 1 }), msg: 'Not found', status: 404 },
  { name: 'wrong method', call: () => anon.post('/api/user/info', {}), msg: 'Not found', status: 404 },
];

describe('bad input on every account and common route', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const before = await countRows(server.ctx, ACCOUNT_TABLES);
    const res = await c.call();
    expect(res.status).toBe(c.status ?? 200);
    expect(res.code).toBe(c.code ?? 0);
    if (typeof c.msg === 'string') expect(res.msg).toBe(c.msg);
    else expect(res.msg).toMatch(c.msg);
    expect(res.data).toBeNull();
    expect(await countRows(server.ctx, ACCOUNT_TABLES)).toEqual(before);
  });

  it('the same mistake is explained in traditional Chinese without a lang header', async () => {
    const res = await anon.withLang(null).post('/api/user/loginForU', { account: user.account });
    expect(res).toMatchObject({ code: 0, msg: '請輸入密碼' });
    const notFound = await anon.withLang(null).get('/api/nope');
    expect(notFound).toMatchObject({ status: 404, msg: '找不到' });
  });
});
