// docs/contract.md §7 account routes: login, demo login, user info, register, forgotten and changed passwords, demo reset.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { verifyCaptcha } from '../accounts/captcha.ts';
import { createUser, isUniqueViolation } from '../accounts/create-user.ts';
import { DEMO_ID_RE, demoUser, resetDemo } from '../accounts/demo.ts';
import { checkNewPassword, loginChannel, normaliseAccount, signUpAccount, type Channel } from '../accounts/identity.ts';
import { consumeCode, PURPOSE_REGISTER, PURPOSE_RESET, verifyCode } from '../accounts/verification.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../auth/password.ts';
import { requestToken } from '../auth/session.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { issueToken, revokeSessions, revokeToken, tokenHash, type SessionOrigin } from '../auth/tokens.ts';
import { deviceName, rememberDevice } from '../auth/devices.ts';
import { passFactor } from '../auth/factor-gate.ts';
import { notifyAccount } from '../notify/account-notices.ts';
import { holdWithdrawals } from '../wallet/payout-holds.ts';
import { spendDaily } from '../security/counters.ts';
import { accountId, bodyOf, budget, bySession, noBudget } from '../security/budgets.ts';
import { loginGuard } from '../security/login-guard.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByMobile,
  inviterId,
  setPasswordHash,
  toWireUser,
  type UserRow,
} from '../auth/users.ts';
import { areaPrefix } from '../accounts/area-codes.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { pickLanguage, requestText } from '../http/i18n.ts';
import {
  body,
  emailOrMobile,
  int,
  matching,
  mobileNumber,
  oneOf,
  optional,
  query,
  requiredStr,
  str,
} from '../http/schemas.ts';
import { getAccount } from '../ledger/ledger.ts';
import { exactMoneyText } from '../../domain/format/money-text.ts';
import { getSetting } from '../settings/settings.ts';
import { DEMO_RESET, LOGIN_RESULT, USER } from '../http/wire/account.ts';
import { OPTIONAL_SESSION, replies, SESSION } from '../http/wire-schema.ts';

const TAGS = ['Account'];

const iso = (ms: number): string => new Date(ms).toISOString();

/** Where a session is opened from (docs/security.md "Sessions and devices"). */
const origin = (request: FastifyRequest): SessionOrigin => ({
  device: deviceName(request.headers['user-agent']),
  address: request.ip,
});

const CHANNELS = ['email', 'mobile'] as const;

/** The client's demo id: DEMO_ID_RE once trimmed. */
const DEMO_ID = matching(DEMO_ID_RE.source.slice(1, -1), 'demo_id_invalid', '8–64 characters of A–Z a–z 0–9 _ -', 64);

const findByChannel = (q: Queryable, channel: Channel, account: string): Promise<UserRow | undefined> =>
  channel === 'email' ? findUserByEmail(q, account) : findUserByMobile(q, account);

const codeChannel = (channel: Channel): 'email' | 'sms' => (channel === 'email' ? 'email' : 'sms');

interface LoginBody {
  account: string;
  password: string;
  login_type?: Channel;
  /** The second factor's code (or a recovery code) when the account has one (docs/security.md "Second factor"). */
  code?: string;
}

interface SignUpBody {
  type: Channel;
  account?: string;
  mobile?: string;
  area_id?: number;
  password: string;
  re_password: string;
  invite_code?: string;
  sms_code: string;
  key?: string;
}

interface ResetBody {
  type: Channel;
  account: string;
  new_password: string;
  secondary_password: string;
  auth_code: string;
  key?: string;
}

/** Per demo id, as the route reads it (trimmed; DEMO_ID_RE by the schema). */
const DEMO_BUDGET = budget('demo', (request) => {
  const id = (request.query as { demo_id?: unknown } | undefined)?.demo_id;
  return typeof id === 'string' && id.trim() !== '' ? `demo:${id.trim()}` : null;
});

/** A login's budget counts the account it names per account *and* address: a flood from one address spends only
 * that address's tries, so it cannot lock the owner out (server/security/login-guard.ts is the account-wide brake). */
const LOGIN_BUDGET = budget('login', (request) => {
  const b = bodyOf<LoginBody>(request);
  const id = typeof b.account === 'string' ? accountId(loginChannel(b.account, b.login_type), b.account) : null;
  return id === null ? null : `${id}|${request.ip}`;
});

export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, clock } = ctx;
  const guard = loginGuard(ctx.failureWindows, ctx.limits);
  const notices = (request: FastifyRequest) => ({ db, notifier: ctx.notifier, log: request.log });

  /** A new session for a good login, with its device; a device the account never used is noticed to the owner. */
  async function openSession(q: Queryable, userId: number, request: FastifyRequest): Promise<string> {
    const now = clock.now();
    const seen = origin(request);
    const token = await issueToken(q, userId, now, undefined, seen);
    if (seen.device !== '' && (await rememberDevice(q, userId, seen.device, now))) {
      const values = { device: seen.device, address: seen.address, time: iso(now) };
      await notifyAccount(notices(request), userId, 'new_device_sign_in', values, pickLanguage(request.headers.lang));
    }
    return token;
  }

  app.post<{ Body: LoginBody }>(
    '/api/user/loginForU',
    {
      config: { budget: LOGIN_BUDGET },
      schema: {
        tags: TAGS,
        body: body(
          { account: emailOrMobile(), password: requiredStr(128), login_type: oneOf(...CHANNELS), code: str(32) },
          ['account', 'password'],
        ),
        response: replies(LOGIN_RESULT),
      },
    },
    async (request) => {
      const { password } = request.body;
      const channel = loginChannel(request.body.account, request.body.login_type);
      const account = normaliseAccount(channel, request.body.account);
      const lockKey = `${channel}:${account}`;
      await guard.admit(lockKey, request.ip);
      const user = await findByChannel(db, channel, account);
      // Same work and the same answer whether the account is unknown, a demo, or the password is wrong.
      const stored = user && user.is_demo === 0 ? user.password_hash : await dummyHash(ctx.limits.scrypt);
      const good = await verifyPassword(password, stored);
      if (!user || user.is_demo !== 0 || !good) {
        await guard.failed(lockKey, request.ip);
        throw new ApiError('invalid_credentials');
      }
      if (needsRehash(user.password_hash, ctx.limits.scrypt)) {
        // Made under older scrypt parameters: the password is at hand now, so store it under the current ones.
        const upgraded = await hashPassword(password, ctx.limits.scrypt);
        await setPasswordHash(db, user.id, upgraded, user.password_hash);
      }
      // The right password; with a second factor on, its code too (wrong codes have their own lock).
      await passFactor(ctx, user.id, request.body.code, request.ip);
      const token = await openSession(db, user.id, request);
      return ok({ token, user: toWireUser(user) });
    },
  );

  app.get<{ Querystring: { demo_id: string } }>(
    '/api/user/createAccountDemoForU',
    {
      config: { budget: DEMO_BUDGET },
      schema: { tags: TAGS, querystring: query({ demo_id: DEMO_ID }, ['demo_id']), response: replies(LOGIN_RESULT) },
    },
    async (request) => {
      const demoId = request.query.demo_id.trim(); // DEMO_ID_RE, checked by the schema
      const now = clock.now();
      // A new demo account spends the address's daily allowance; returning to an existing one does not.
      const user = await demoUser(db, demoId, now, (q) =>
        spendDaily(q, 'demo_address', request.ip, now, ctx.limits.daily('demo_address')),
      );
      const token = await issueToken(db, user.id, now);
      return ok({ token, user: toWireUser(user) });
    },
  );

  // Ends this session on the server (the token stops working at once) and logs its sockets out. Answers success
  // for a token that is already gone, so a retried logout is harmless.
  app.post(
    '/api/user/logout',
    {
      config: {
        budget: noBudget("ends the caller's own session: refusing it would keep alive a session its owner wants gone"),
      },
      schema: {
        tags: TAGS,
        security: OPTIONAL_SESSION,
        // The app posts an empty form; the token is the authorization header.
        describeBody: {
          schema: { type: 'object', properties: {}, description: 'nothing: the session is the authorization header' },
          required: false,
        },
        response: replies({ type: 'null' }),
      },
    },
    async (request) => {
      const token = requestToken(request);
      if (token) {
        const userId = await revokeToken(db, token);
        if (userId !== null) ctx.revocations.revoked({ userId, only: tokenHash(token) });
      }
      return ok(null);
    },
  );

  app.post<{ Body: SignUpBody }>(
    '/api/user/register',
    {
      config: {
        budget: budget('register', (request) => {
          const b = bodyOf<SignUpBody>(request);
          return b.type === 'email' || b.type === 'mobile'
            ? accountId(b.type, signUpAccount({ ...b, type: b.type }))
            : null;
        }),
      },
      schema: {
        tags: TAGS,
        body: body(
          {
            type: oneOf(...CHANNELS),
            account: optional(emailOrMobile()),
            mobile: optional(mobileNumber(undefined, 32)),
            area_id: int(1),
            password: requiredStr(128),
            re_password: requiredStr(128),
            invite_code: str(16),
            sms_code: requiredStr(16),
            key: str(64),
          },
          ['type', 'password', 're_password', 'sms_code'],
        ),
        response: replies(LOGIN_RESULT),
      },
    },
    async (request) => {
      const b = request.body;
      const now = clock.now();
      const channel = b.type;
      const account = normaliseAccount(channel, signUpAccount(b));
      let areaId: number | null = null;
      if (channel === 'mobile') {
        if (b.area_id === undefined) throw new ApiError('area_required');
        if ((await areaPrefix(db, b.area_id)) === null) throw new ApiError('area_invalid');
        areaId = b.area_id;
      }
      checkNewPassword(b.password, b.re_password);
      let invitedBy: number | null = null;
      const invite = (b.invite_code ?? '').trim().toUpperCase();
      if (invite) {
        invitedBy = await inviterId(db, invite);
        if (invitedBy === null) throw new ApiError('invite_code_invalid');
      }
      if (await findByChannel(db, channel, account)) throw new ApiError('account_exists');

      // Verification last, so a mistake elsewhere does not cost the user a captcha or a code attempt.
      const byCaptcha = (await getSetting(db, 'verify_reg_type')) === '2';
      let proof: { kind: 'captcha'; key: string } | { kind: 'code'; id: number };
      if (byCaptcha) {
        const key = (b.key ?? '').trim();
        if (!key) throw new ApiError('captcha_required');
        // Code mode is capped by the codes one address may have sent a day; captcha mode gets the same cap here.
        await spendDaily(db, 'register_address', request.ip, now, ctx.limits.daily('register_address'));
        proof = { kind: 'captcha', key: await verifyCaptcha(db, key, b.sms_code, now) };
      } else {
        const target = { channel: codeChannel(channel), target: account, purpose: PURPOSE_REGISTER } as const;
        // `key` is the sent code's key here (the captcha id in captcha mode).
        proof = { kind: 'code', id: await verifyCode(ctx, target, b.key, b.sms_code, now) };
      }
      const passwordHash = await hashPassword(b.password, ctx.limits.scrypt);
      try {
        const result = await db.tx(async (q) => {
          // A captcha was consumed when it was checked (verifyCaptcha claims it); a code is consumed here.
          if (proof.kind === 'code') await consumeCode(q, proof.id, now);
          const id = await createUser(
            q,
            {
              email: channel === 'email' ? account : null,
              mobile: channel === 'mobile' ? account : null,
              areaId,
              passwordHash,
              invitedBy,
            },
            now,
          );
          const user = await findUserById(q, id);
          if (!user) throw new Error(`user ${id} vanished`);
          await rememberDevice(q, id, deviceName(request.headers['user-agent']), now);
          return { token: await issueToken(q, id, now, undefined, origin(request)), user: toWireUser(user) };
        });
        return ok(result, requestText(request, 'server.registered'));
      } catch (err) {
        if (isUniqueViolation(err)) throw new ApiError('account_exists');
        throw err;
      }
    },
  );

  app.post<{ Body: ResetBody }>(
    '/api/user/forget_password',
    {
      config: {
        budget: budget('password', (request) => {
          const b = bodyOf<ResetBody>(request);
          return b.type === 'email' || b.type === 'mobile' ? accountId(b.type, b.account) : null;
        }),
      },
      schema: {
        tags: TAGS,
        body: body(
          {
            type: oneOf(...CHANNELS),
            account: emailOrMobile(),
            new_password: requiredStr(128),
            secondary_password: requiredStr(128),
            auth_code: requiredStr(16),
            key: str(64),
          },
          ['type', 'account', 'new_password', 'secondary_password', 'auth_code'],
        ),
        response: replies({ type: 'null' }),
      },
    },
    async (request) => {
      const b = request.body;
      const now = clock.now();
      const account = normaliseAccount(b.type, b.account);
      checkNewPassword(b.new_password, b.secondary_password);
      // No code is ever sent for an unknown account, so it fails here exactly like a wrong code (no enumeration).
      const target = { channel: codeChannel(b.type), target: account, purpose: PURPOSE_RESET } as const;
      const codeId = await verifyCode(ctx, target, b.key, b.auth_code, now);
      const user = await findByChannel(db, b.type, account);
      if (!user || user.is_demo !== 0) throw new ApiError('code_invalid');
      const passwordHash = await hashPassword(b.new_password, ctx.limits.scrypt);
      await db.tx(async (q) => {
        await consumeCode(q, codeId, now);
        await setPasswordHash(q, user.id, passwordHash);
        await revokeSessions(q, user.id);
        await holdWithdrawals(q, user.id, now); // docs/security.md "Payout holds"
      });
      ctx.revocations.revoked({ userId: user.id });
      await notifyAccount(
        notices(request),
        user.id,
        'password_changed',
        { time: iso(now) },
        pickLanguage(request.headers.lang),
      );
      return ok(null, requestText(request, 'server.password_changed'));
    },
  );

  // The signed-in user's own routes: one session hook for the group (amend_password refuses demo users itself, in
  // the order it always checked).
  await app.register(async (signedIn) => {
    requireSession(signedIn, ctx);

    signedIn.get(
      '/api/user/info',
      { schema: { tags: TAGS, security: SESSION, querystring: query(), response: replies(USER) } },
      async (request) => ok(toWireUser(caller(request))),
    );

    signedIn.post<{
      Body: { new_password: string; auth_code: string; type?: Channel; key?: string; factor_code?: string };
    }>(
      '/api/user/amend_password',
      {
        config: { budget: budget('password', bySession) },
        schema: {
          tags: TAGS,
          security: SESSION,
          body: body(
            {
              new_password: requiredStr(128),
              auth_code: requiredStr(16),
              type: oneOf(...CHANNELS),
              key: str(64),
              factor_code: str(32), // the second factor's code when it is on
            },
            ['new_password', 'auth_code'],
          ),
          response: replies({ type: 'null' }),
        },
      },
      async (request) => {
        const user = caller(request);
        if (user.is_demo !== 0) throw new ApiError('real_account_required');
        const b = request.body;
        const now = clock.now();
        checkNewPassword(b.new_password);
        // A change that changes nothing (the current password again) is refused before the code is spent.
        if (await verifyPassword(b.new_password, user.password_hash)) throw new ApiError('password_same');
        const channel: Channel = b.type ?? (user.email ? 'email' : 'mobile');
        const target = channel === 'email' ? user.email : user.mobile;
        if (!target) throw new ApiError('code_invalid');
        const codeId = await verifyCode(
          ctx,
          { channel: codeChannel(channel), target, purpose: PURPOSE_RESET },
          b.key,
          b.auth_code,
          now,
          user.id,
        );
        await passFactor(ctx, user.id, b.factor_code, request.ip);
        const passwordHash = await hashPassword(b.new_password, ctx.limits.scrypt);
        await db.tx(async (q) => {
          await consumeCode(q, codeId, now);
          await setPasswordHash(q, user.id, passwordHash);
          // Other devices must sign in again with the new password; this one stays signed in.
          await revokeSessions(q, user.id, requestToken(request) ?? undefined);
          await holdWithdrawals(q, user.id, now); // docs/security.md "Payout holds"
        });
        const kept = requestToken(request);
        ctx.revocations.revoked({ userId: user.id, except: kept ? tokenHash(kept) : undefined });
        await notifyAccount(
          notices(request),
          user.id,
          'password_changed',
          { time: iso(now) },
          pickLanguage(request.headers.lang),
        );
        return ok(null, requestText(request, 'server.password_changed'));
      },
    );

    signedIn.get(
      '/v1/api/main/user/resetForexDemoAccount',
      {
        config: { budget: budget('write') },
        schema: { tags: TAGS, security: SESSION, querystring: query(), response: replies(DEMO_RESET) },
      },
      async (request: FastifyRequest) => {
        const user = caller(request);
        const now = clock.now();
        await db.tx((q) => resetDemo(q, user, now, ctx.demoResetHooks));
        const acc = await getAccount(db, user.id);
        return ok(
          { balance: exactMoneyText(acc?.balance ?? '0'), lock_balance: exactMoneyText(acc?.lock_balance ?? '0') },
          requestText(request, 'server.demo_reset'),
        );
      },
    );
  });
}
