// The answer's data.key names the code in the check that follows (docs/contract.md §7).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { areaPrefix } from '../accounts/area-codes.ts';
import { createCaptcha } from '../accounts/captcha.ts';
import { disown } from '../auth/disown.ts';
import { e164, normaliseEmail, normaliseMobile, type Channel } from '../accounts/identity.ts';
import {
  issueCode,
  PURPOSE_REGISTER,
  RESEND_AFTER_MS,
  type CodeChannel,
  type CodePurpose,
} from '../accounts/verification.ts';
import { findUser } from '../auth/users.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { pickLanguage, requestText } from '../http/i18n.ts';
import { body, emailAddress, int, mobileNumber, query, requiredStr, type JsonSchema } from '../http/schemas.ts';
import { CAPTCHA, CODE_SENT } from '../http/wire/account.ts';
import { CODE_STATE } from '../http/wire/notices.ts';
import { codeDeliveryState } from '../notify/code-state.ts';
import { publicRoute, replies, nothing } from '../http/wire-schema.ts';
import { accountId, bodyOf, budget, type Budget } from '../security/budgets.ts';
import type { RateGroup } from '../security/limits.ts';

const TAGS = ['Account'];

interface SendBody {
  to: string;
  area_id?: number;
  type: CodePurpose;
}

/** Normalised as send() normalises it, so one mailbox or phone is one count. */
const codeBudget = (channel: Channel): Budget =>
  budget('code', (request) => accountId(channel, bodyOf<SendBody>(request).to));

/** One capability in the body, never in a URL, counted per address only. */
const secretPost = (group: RateGroup, field: string, reply: JsonSchema) =>
  publicRoute(
    TAGS,
    budget(group, () => null),
    { body: body({ [field]: requiredStr(64) }, [field]), response: replies(reply) },
  );

export async function notifyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, clock } = ctx;

  /** The caller's check must carry the returned key (server/accounts/verification.ts). */
  async function send(request: FastifyRequest<{ Body: SendBody }>, channel: CodeChannel): Promise<string> {
    const b = request.body;
    let target: string;
    let recipient: string;
    if (channel === 'sms') {
      target = normaliseMobile(b.to);
      if (b.area_id === undefined) throw new ApiError('area_required');
      const prefix = await areaPrefix(db, b.area_id);
      if (prefix === null) throw new ApiError('area_invalid');
      recipient = e164(prefix, target); // what an SMS gateway dials, and what the daily cap counts
    } else {
      target = normaliseEmail(b.to);
      recipient = target;
    }
    const existing = await findUser(db, channel === 'sms' ? 'mobile' : 'email', target);
    if (b.type === PURPOSE_REGISTER && existing) throw new ApiError('account_exists');
    // Stored but never delivered for an unknown account: the answer must not reveal whether the account exists.
    const notifier = b.type !== PURPOSE_REGISTER && !existing ? { send: async () => undefined } : ctx.notifier;
    return issueCode(
      { ...ctx, notifier },
      { channel, target, purpose: b.type },
      recipient,
      pickLanguage(request.headers.lang),
      request.ip,
      existing?.id,
    );
  }

  // The same flow by SMS or e-mail: only the address's rule and the budget's channel differ.
  const sendRoute = (path: string, channel: CodeChannel, account: Channel, to: JsonSchema) =>
    app.post<{ Body: SendBody }>(
      path,
      publicRoute(TAGS, codeBudget(account), {
        response: replies(CODE_SENT),
        body: body({ to, area_id: int(1), type: { type: 'integer', enum: [1, 2] } }, ['to', 'type']),
      }),
      async (request) => {
        const key = await send(request, channel);
        return ok({ key, resend_after: RESEND_AFTER_MS / 1000 }, requestText(request, 'server.code_sent'));
      },
    );
  sendRoute('/api/notify/send_sms', 'sms', 'mobile', mobileNumber());
  sendRoute('/api/notify/send_email', 'email', 'email', emailAddress());

  // A POST: the key is a capability and never rides in a URL (docs/notifications.md "A code that was not sent").
  app.post<{ Body: { key: string } }>(
    '/api/notify/code_state',
    secretPost('captcha', 'key', CODE_STATE),
    async (request) => ok(await codeDeliveryState(db, request.body.key)),
  );

  // No session: the owner may have none left; the token never rides in a URL (docs/security.md "Second factor").
  app.post<{ Body: { token: string } }>(
    '/api/notify/not_me',
    secretPost('password', 'token', nothing),
    async (request) => {
      const now = clock.now();
      const userId = await disown(db, request.body.token, now);
      ctx.revocations.revoked({ userId, at: now });
      return ok(null, requestText(request, 'server.not_me_done'));
    },
  );

  // The contract's "GET {token}" captcha is served at a fixed path.
  app.get(
    '/api/captcha',
    { config: { budget: budget('captcha') }, schema: { tags: TAGS, querystring: query(), response: replies(CAPTCHA) } },
    async () => ok(await createCaptcha(db, clock.now())),
  );
}
