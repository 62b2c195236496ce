// The HTTP client (src/api/client.ts, docs/contract.md §7–§8): headers, `t`, envelope, toasts, 999, network errors, loading.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiFailure,
  CODE_NETWORK,
  apiClock,
  apiGet,
  apiPost,
  isCancelled,
  socketSessionRejected,
} from '../../../../src/api/client.ts';
import { $loadingCount, $toasts } from '../../../../src/state/shell/toasts.ts';
import { $conn } from '../../../../src/state/feed/feed-signals.ts';
import { $token, $user, signIn } from '../../../../src/state/account/session.ts';
import { setNavigator } from '../../../../src/state/shell/navigator.ts';
import { initI18n } from '../../../../src/i18n/index.ts';
import { fail, fakeServer, ok, type FakeServer } from '../../api-fake-server.ts';

const USER = { id: 7, uid: 'U7', email: 'a@b.co', mobile: '', is_demo: 0 as const, invite_code: 'X' };

let server: FakeServer;
const navigate = vi.fn();
let here = '/trade';

function toastTexts(): string[] {
  return $toasts.value.map((t) => t.text);
}

async function failure(p: Promise<unknown>): Promise<ApiFailure> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiFailure) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

beforeEach(() => {
  server = fakeServer();
  $toasts.value = [];
  $loadingCount.value = 0;
  navigate.mockReset();
  here = '/trade';
  setNavigator({ navigate, path: () => here });
  apiClock.current = { now: () => 1_700_000_000_000 };
  signIn({ token: 'tok-1', user: USER });
});

afterEach(() => {
  server.restore();
  setNavigator(null);
});

describe('requests', () => {
  it('GET sends its params plus the t timestamp, and the lang and authorization headers', async () => {
    server.on('GET', '/v1/api/forex/trade_list', ok([]));
    await apiGet('/v1/api/forex/trade_list', { searchCurrency: 'EUR', empty: undefined });
    const req = server.seen[0];
    expect(req?.params).toEqual({ searchCurrency: 'EUR', t: 1_700_000_000_000 });
    expect(req?.headers['lang']).toBe('en');
    expect(req?.headers['authorization']).toBe('tok-1');
  });

  it('POST is form-encoded, carries no t, and a visitor sends an empty authorization', async () => {
    $token.value = null;
    server.on('POST', '/api/user/loginForU', ok({ token: 't', user: USER }));
    await apiPost('/api/user/loginForU', { account: 'a@b.co', password: 'p w', login_type: 'email' });
    const req = server.seen[0];
    expect(req?.body).toBe('account=a%40b.co&password=p+w&login_type=email');
    expect(req?.params).toEqual({});
    expect(req?.headers['authorization']).toBe('');
  });

  it('resolves data when code is 1, without a toast', async () => {
    server.on('GET', '/api/user/info', ok(USER, 'fine'));
    await expect(apiGet('/api/user/info')).resolves.toEqual(USER);
    expect(toastTexts()).toEqual([]);
  });
});

describe('failures', () => {
  it('another code rejects with ApiFailure and toasts msg', async () => {
    server.on('GET', '/x', fail(0, 'Not enough balance'));
    const err = await failure(apiGet('/x'));
    expect(err.code).toBe(0);
    expect(err.msg).toBe('Not enough balance');
    expect(toastTexts()).toEqual(['Not enough balance']);
  });

  it('a call with toast: false rejects silently', async () => {
    server.on('GET', '/x', fail(0, 'quiet please'));
    await failure(apiGet('/x', undefined, { toast: false }));
    expect(toastTexts()).toEqual([]);
  });

  it('an HTTP error that still carries an envelope shows its msg', async () => {
    server.on('GET', '/nope', { httpStatus: 404, body: { code: 0, msg: 'Not found', data: null } });
    const err = await failure(apiGet('/nope'));
    expect(err.code).toBe(0);
    expect(toastTexts()).toEqual(['Not found']);
  });

  it('code 999 clears the session and goes to /login with from', async () => {
    server.on('GET', '/api/user/info', fail(999, 'Your session has expired'));
    const err = await failure(apiGet('/api/user/info'));
    expect(err.code).toBe(999);
    expect($token.value).toBeNull();
    expect($user.value).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?from=%2Ftrade', { replace: true });
  });

  it('a 999 answering a session already left (log-out, another sign-in) ends nothing and goes nowhere', async () => {
    let answer: (r: ReturnType<typeof fail>) => void = () => undefined;
    server.on('GET', '/api/user/info', () => new Promise((resolve) => (answer = resolve)));
    const call = failure(apiGet('/api/user/info'));
    await vi.waitFor(() => expect(server.seen).toHaveLength(1));
    signIn({ token: 'tok-2', user: { ...USER, id: 8 } }); // the trader moved on while tok-1's call was out
    answer(fail(999, 'Your session has expired'));
    expect((await call).code).toBe(999);
    expect($token.value).toBe('tok-2');
    expect(navigate).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual([]);
  });

  it('a call made in a session that ends before it leaves goes out without a token, and its 999 says nothing', async () => {
    server.on('GET', '/api/user_real/center', fail(999, 'Your session has expired'));
    const call = failure(apiGet('/api/user_real/center'));
    socketSessionRejected('Signed out on another device', 1_700_000_000_000); // before the call has left
    $toasts.value = [];
    navigate.mockReset();
    expect((await call).code).toBe(999);
    expect(server.seen[0]?.headers['authorization']).toBe('');
    expect(toastTexts()).toEqual([]); // not "Your session has expired" after "signed out from another device"
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a call made after a start-up check found the session ended elsewhere goes to /login, saying only that', async () => {
    server.on('GET', '/api/basicSet/getBasicInfo', {
      envelope: { code: 999, msg: 'Your session has expired', data: { signed_out_at: 1_700_000_000_000 } },
    });
    server.on('GET', '/api/user_real/center', fail(999, 'Your session has expired'));
    await failure(apiGet('/api/basicSet/getBasicInfo', undefined, { initial: true }));
    expect(navigate).not.toHaveBeenCalled();
    await failure(apiGet('/api/user_real/center')); // the open screen's read, now without a token
    expect(server.seen[1]?.headers['authorization']).toBe('');
    expect(toastTexts()).toHaveLength(1);
    expect(toastTexts()[0]).toMatch(/another device/);
    expect(navigate).toHaveBeenCalledWith('/login?from=%2Ftrade', { replace: true });
  });

  it('code 999 on an initial call clears the session but does not redirect or toast', async () => {
    server.on('GET', '/api/user/info', fail(999, 'Your session has expired'));
    await failure(apiGet('/api/user/info', undefined, { initial: true }));
    expect($token.value).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual([]);
  });

  it('the socket ending the session (refused login, revoked) signs out like a 999; with no session it does nothing', () => {
    socketSessionRejected('Signed out on another device');
    expect($token.value).toBeNull();
    expect(toastTexts()).toEqual(['Signed out on another device']);
    expect(navigate).toHaveBeenCalledWith('/login?from=%2Ftrade', { replace: true });
    navigate.mockReset();
    $toasts.value = [];
    socketSessionRejected('again');
    expect(toastTexts()).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('code 999 while already on /login does not redirect again', async () => {
    here = '/login?from=%2Fuser';
    server.on('GET', '/api/user/info', fail(999, 'gone'));
    await failure(apiGet('/api/user/info'));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a network error toasts its code', async () => {
    server.on('GET', '/x', { network: 'ERR_NETWORK' });
    const err = await failure(apiGet('/x'));
    expect(err.code).toBe(CODE_NETWORK);
    expect(err.transport).toBe('ERR_NETWORK');
    expect(toastTexts()).toEqual(['Network error (ERR_NETWORK), please try again']);
  });

  it('offline, a failed read is not toasted (the banner says it) but still rejects; a failed action is toasted', async () => {
    $conn.value = 'offline';
    try {
      server.on('GET', '/x', { network: 'ERR_NETWORK' });
      const err = await failure(apiGet('/x'));
      expect(err.code).toBe(CODE_NETWORK);
      expect(toastTexts()).toEqual([]);
      server.on('POST', '/y', { network: 'ERR_NETWORK' });
      await failure(apiPost('/y', {}));
      expect(toastTexts()).toEqual(['Network error (ERR_NETWORK), please try again']);
    } finally {
      $conn.value = 'connecting';
    }
  });

  it('an HTTP error without an envelope toasts the status', async () => {
    server.on('GET', '/x', { httpStatus: 502 });
    const err = await failure(apiGet('/x'));
    expect(err.transport).toBe('502');
    expect(toastTexts()).toEqual(['Network error (502), please try again']);
  });

  it('a cancelled request is not toasted and is recognisable', async () => {
    server.on('GET', '/x', ok(1));
    const ctl = new AbortController();
    ctl.abort();
    let caught: unknown = null;
    try {
      await apiGet('/x', undefined, { loading: true }, ctl.signal);
    } catch (err) {
      caught = err;
    }
    expect(isCancelled(caught)).toBe(true);
    expect(toastTexts()).toEqual([]);
    expect($loadingCount.value).toBe(0);
  });
});

describe('loading overlay counter', () => {
  it('rises while loading calls run and always closes (success, failure, network error)', async () => {
    let release: () => void = () => undefined;
    server.on('GET', '/slow', () => new Promise((r) => (release = () => r(ok('done')))));
    server.on('GET', '/bad', fail(0, 'bad'));
    server.on('GET', '/down', { network: 'ECONNABORTED' });
    const slow = apiGet('/slow', undefined, { loading: true });
    const bad = apiGet('/bad', undefined, { loading: true }).catch(() => 'failed');
    const down = apiGet('/down', undefined, { loading: true }).catch(() => 'failed');
    expect($loadingCount.value).toBe(3);
    await Promise.all([bad, down]);
    expect($loadingCount.value).toBe(1);
    await vi.waitFor(() => expect(server.seen.some((r) => r.url === '/slow')).toBe(true));
    release();
    await expect(slow).resolves.toBe('done');
    expect($loadingCount.value).toBe(0);
  });

  it('calls without loading never touch it', async () => {
    server.on('GET', '/x', ok(1));
    const p = apiGet('/x');
    expect($loadingCount.value).toBe(0);
    await p;
    expect($loadingCount.value).toBe(0);
  });
});
