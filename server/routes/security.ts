// Demo accounts have no money to guard, so these routes are real accounts only (docs/security.md "Second factor").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SecurityOverview } from '../../domain/security-types.ts';
import type { AppContext } from '../core/app-context.ts';
import { issueCode, PURPOSE_WITHDRAW, RESEND_AFTER_MS, codeAddress } from '../accounts/verification.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { requestToken } from '../auth/session.ts';
import { revokeSessions, tokenHash } from '../auth/tokens.ts';
import { userOwner } from '../auth/factor-gate.ts';
import { confirmFactor, renewRecoveryCodes, startFactor, stopFactor } from '../auth/factor-setup.ts';
import { disownLink } from '../auth/disown.ts';
import { factorEnabled, unusedRecoveryHashes } from '../auth/second-factor-repository.ts';
import { deleteSession, userSessions } from '../auth/sessions-repository.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { pickLanguage, requestText } from '../http/i18n.ts';
import { emptyBody } from '../http/openapi.ts';
import { body, int, requiredStr, str, type JsonSchema } from '../http/schemas.ts';
import { FACTOR_SETUP, RECOVERY_CODES, SECURITY_OVERVIEW, WITHDRAW_CODE_SENT } from '../http/wire/security.ts';
import { replies, sessionRead, sessionRoute, nothing, sessionWrite } from '../http/wire-schema.ts';
import { notifyAccount } from '../notify/account-notices.ts';
import { budget } from '../security/budgets.ts';
import type { RateGroup } from '../security/limits.ts';
import { heldNow, withdrawalsHeldUntil } from '../wallet/payout-holds.ts';

const TAGS = ['Security'];
const CODE = str(32); // a 6-digit TOTP code or a recovery code

/** A POST whose only input is the session. */
const emptyPost = (group: RateGroup, reply: JsonSchema) =>
  sessionRoute(TAGS, budget(group), { describeBody: emptyBody('authorization'), response: replies(reply) });

export async function securityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireSession(app, ctx, { real: true });
  const noticeDeps = { db: ctx.db, notifier: ctx.notifier, log: app.log };
  const lang = (request: FastifyRequest) => pickLanguage(request.headers.lang);
  const at = () => new Date(ctx.clock.now()).toISOString();

  app.get('/api/security/overview', sessionRead(TAGS, SECURITY_OVERVIEW), async (request) => {
    const user = caller(request);
    const now = ctx.clock.now();
    const mine = requestToken(request);
    const on = await factorEnabled(ctx.db, userOwner(user.id));
    const sessions = await userSessions(ctx.db, user.id, now);
    const data: SecurityOverview = {
      second_factor: on ? 1 : 0,
      recovery_left: on ? (await unusedRecoveryHashes(ctx.db, userOwner(user.id))).length : 0,
      // The page never compares it with the browser's clock (SIM_TIME, a wrong clock).
      withdrawals_held_until: heldNow(await withdrawalsHeldUntil(ctx.db, user.id), ctx.clock.now()),
      sessions: sessions.map((s) => ({
        id: s.id,
        device: s.device,
        address: s.address,
        created_at: Number(s.created_at),
        last_seen_at: Number(s.last_seen_at),
        current: mine !== null && s.token_hash === tokenHash(mine),
      })),
    };
    return ok(data);
  });

  app.post<{ Body: { password: string } }>(
    '/api/security/factor/begin',
    sessionRoute(TAGS, budget('password'), {
      description:
        'A new secret for the authenticator app, after the account’s password (a session alone is not enough).',
      body: body({ password: requiredStr(64) }, ['password']),
      response: replies(FACTOR_SETUP),
    }),
    async (request) => ok(await startFactor(ctx, caller(request), request.body.password, request.ip)),
  );

  app.post<{ Body: { code: string } }>(
    '/api/security/factor/confirm',
    sessionRoute(TAGS, budget('password'), {
      body: body({ code: requiredStr(32) }, ['code']),
      response: replies(RECOVERY_CODES),
    }),
    async (request) => {
      const user = caller(request);
      const codes = await confirmFactor(ctx, user.id, request.body.code, request.ip);
      // The notice carries the one-click "this wasn't me" that freezes withdrawals (server/auth/disown.ts).
      const link = await disownLink(ctx.db, user.id, ctx.clock.now());
      await notifyAccount(noticeDeps, user.id, 'second_factor_on', { time: at(), link }, lang(request));
      return ok({ recovery_codes: codes }, requestText(request, 'server.second_factor_on'));
    },
  );

  app.post<{ Body: { code?: string } }>(
    '/api/security/factor/off',
    sessionRoute(TAGS, budget('password'), { body: body({ code: CODE }), response: replies(nothing) }),
    async (request) => {
      const user = caller(request);
      await stopFactor(ctx, user.id, request.body.code, request.ip);
      await notifyAccount(noticeDeps, user.id, 'second_factor_off', { time: at() }, lang(request));
      return ok(null, requestText(request, 'server.second_factor_off'));
    },
  );

  app.post<{ Body: { code?: string } }>(
    '/api/security/factor/recovery_codes',
    sessionRoute(TAGS, budget('password'), { body: body({ code: CODE }), response: replies(RECOVERY_CODES) }),
    async (request) => {
      const codes = await renewRecoveryCodes(ctx, caller(request).id, request.body.code, request.ip);
      return ok({ recovery_codes: codes });
    },
  );

  app.post<{ Body: { id: number } }>(
    '/api/security/sessions/revoke',
    sessionWrite(TAGS, nothing, body({ id: int(1) }, ['id'])),
    async (request) => {
      const user = caller(request);
      const now = ctx.clock.now();
      const ended = await deleteSession(ctx.db, user.id, request.body.id, now);
      if (ended === null) throw new ApiError('session_not_found');
      // Its sockets on every gateway are logged out now, as at logout.
      ctx.revocations.revoked({ userId: user.id, only: ended, at: now });
      return ok(null, requestText(request, 'server.session_ended'));
    },
  );

  app.post('/api/security/sessions/revoke_others', emptyPost('write', nothing), async (request) => {
    const user = caller(request);
    const kept = requestToken(request) ?? undefined;
    const now = ctx.clock.now();
    await revokeSessions(ctx.db, user.id, now, kept);
    ctx.revocations.revoked({ userId: user.id, except: kept ? tokenHash(kept) : undefined, at: now });
    return ok(null, requestText(request, 'server.sessions_ended'));
  });

  app.post('/api/security/withdraw_code', emptyPost('code', WITHDRAW_CODE_SENT), async (request) => {
    const user = caller(request);
    // With a second factor the authenticator's code confirms a withdrawal; nothing is sent.
    if (await factorEnabled(ctx.db, userOwner(user.id))) return ok({ key: '', resend_after: 0, channel: 'factor' });
    const { channel, target, recipient } = await codeAddress(ctx, user);
    const key = await issueCode(
      ctx,
      { channel, target, purpose: PURPOSE_WITHDRAW },
      recipient,
      lang(request),
      request.ip,
      user.id,
    );
    return ok({ key, resend_after: RESEND_AFTER_MS / 1000, channel }, requestText(request, 'server.code_sent'));
  });
}
