// Declares the account routes and maps each to its flow in server/accounts/ (docs/contract.md §7).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { DEMO_ID_RE, resetDemoAccount } from '../accounts/demo.ts';
import { loginChannel, signUpAccount } from '../accounts/identity.ts';
import { changePassword, resetPassword, type ChangeForm, type ResetForm } from '../accounts/password-reset.ts';
import { register, type SignUpForm } from '../accounts/registration.ts';
import { requesterOf } from '../accounts/requester.ts';
import { demoSignIn, signIn, signOut, type LoginForm } from '../accounts/sign-in.ts';
import { requestToken } from '../auth/session.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { toWireUser } from '../auth/users.ts';
import { accountId, bodyOf, budget, bySession, noBudget } from '../security/budgets.ts';
import { ok } from '../http/envelope.ts';
import { emptyBody } from '../http/openapi.ts';
import { requestText } from '../http/i18n.ts';
import {
  body,
  emailOrMobile,
  int,
  matching,
  mobileNumber,
  optional,
  query,
  requiredStr,
  str,
} from '../http/schemas.ts';
import { DEMO_RESET, LOGIN_RESULT, USER } from '../http/wire/account.ts';
import {
  OPTIONAL_SESSION,
  publicRoute,
  replies,
  sessionRead,
  sessionRoute,
  enumOf,
  nothing,
} from '../http/wire-schema.ts';

const TAGS = ['Account'];

const CHANNELS = ['email', 'mobile'] as const;

const DEMO_ID = matching(DEMO_ID_RE.source.slice(1, -1), 'demo_id_invalid', '8–64 characters of A–Z a–z 0–9 _ -', 64);

const DEMO_BUDGET = budget('demo', (request) => {
  const id = (request.query as { demo_id?: unknown } | undefined)?.demo_id;
  return typeof id === 'string' && id.trim() !== '' ? `demo:${id.trim()}` : null;
});

/** Per account and address, so a flood cannot lock the owner out (login-guard.ts is the account-wide brake). */
const LOGIN_BUDGET = budget('login', (request) => {
  const b = bodyOf<LoginForm>(request);
  const id = typeof b.account === 'string' ? accountId(loginChannel(b.account, b.login_type), b.account) : null;
  return id === null ? null : `${id}|${request.ip}`;
});

const REGISTER_BUDGET = budget('register', (request) => {
  const b = bodyOf<SignUpForm>(request);
  return b.type === 'email' || b.type === 'mobile' ? accountId(b.type, signUpAccount({ ...b, type: b.type })) : null;
});

const RESET_BUDGET = budget('password', (request) => {
  const b = bodyOf<ResetForm>(request);
  return b.type === 'email' || b.type === 'mobile' ? accountId(b.type, b.account) : null;
});

export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Body: LoginForm }>(
    '/api/user/loginForU',
    publicRoute(TAGS, LOGIN_BUDGET, {
      body: body(
        { account: emailOrMobile(), password: requiredStr(128), login_type: enumOf(...CHANNELS), code: str(32) },
        ['account', 'password'],
      ),
      response: replies(LOGIN_RESULT),
    }),
    async (request) => ok(await signIn(ctx, request.body, requesterOf(request))),
  );

  app.get<{ Querystring: { demo_id: string } }>(
    '/api/user/createAccountDemoForU',
    publicRoute(TAGS, DEMO_BUDGET, {
      querystring: query({ demo_id: DEMO_ID }, ['demo_id']),
      response: replies(LOGIN_RESULT),
    }),
    async (request) => ok(await demoSignIn(ctx, request.query.demo_id.trim(), requesterOf(request))),
  );

  // A retried logout is harmless: a token already gone still answers success.
  app.post(
    '/api/user/logout',
    publicRoute(
      TAGS,
      noBudget("ends the caller's own session: refusing it would keep alive a session its owner wants gone"),
      // The app posts an empty form; the token is the authorization header.
      { security: OPTIONAL_SESSION, describeBody: emptyBody('authorization'), response: replies(nothing) },
    ),
    async (request) => {
      await signOut(ctx, requestToken(request));
      return ok(null);
    },
  );

  app.post<{ Body: SignUpForm }>(
    '/api/user/register',
    publicRoute(TAGS, REGISTER_BUDGET, {
      body: body(
        {
          type: enumOf(...CHANNELS),
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
    }),
    async (request) =>
      ok(await register(ctx, request.body, requesterOf(request)), requestText(request, 'server.registered')),
  );

  app.post<{ Body: ResetForm }>(
    '/api/user/forget_password',
    publicRoute(TAGS, RESET_BUDGET, {
      body: body(
        {
          type: enumOf(...CHANNELS),
          account: emailOrMobile(),
          new_password: requiredStr(128),
          secondary_password: requiredStr(128),
          auth_code: requiredStr(16),
          key: str(64),
        },
        ['type', 'account', 'new_password', 'secondary_password', 'auth_code'],
      ),
      response: replies(nothing),
    }),
    async (request) => {
      await resetPassword(ctx, request.body, requesterOf(request));
      return ok(null, requestText(request, 'server.password_changed'));
    },
  );

  // No `real` here: amend_password refuses demo users itself, keeping its order of refusals.
  await app.register(async (signedIn) => {
    requireSession(signedIn, ctx);

    signedIn.get('/api/user/info', sessionRead(TAGS, USER), async (request) => ok(toWireUser(caller(request))));

    signedIn.post<{ Body: ChangeForm }>(
      '/api/user/amend_password',
      sessionRoute(TAGS, budget('password', bySession), {
        body: body(
          {
            new_password: requiredStr(128),
            auth_code: requiredStr(16),
            type: enumOf(...CHANNELS),
            key: str(64),
            factor_code: str(32),
          },
          ['new_password', 'auth_code'],
        ),
        response: replies(nothing),
      }),
      async (request) => {
        await changePassword(ctx, caller(request), request.body, requesterOf(request));
        return ok(null, requestText(request, 'server.password_changed'));
      },
    );

    signedIn.get(
      '/v1/api/main/user/resetForexDemoAccount',
      sessionRoute(TAGS, budget('write'), { querystring: query(), response: replies(DEMO_RESET) }),
      async (request: FastifyRequest) =>
        ok(await resetDemoAccount(ctx, caller(request)), requestText(request, 'server.demo_reset')),
    );
  });
}
