// An operator verifies or rejects a submission (server/ops/commands/real-name.ts).
import {
  CARD_ID_MAX,
  CARD_ID_MIN,
  cardIdProblem,
  cleanCardId,
  cleanName,
  NAME_MAX,
  nameProblem,
} from '../../domain/real-name-rules.ts';
import type { FastifyInstance } from 'fastify';
import { ReviewStatus, type RealNameCenter } from '../../domain/wallet-types.ts';
import type { AppContext } from '../core/app-context.ts';
import { lockedReviewStatus, realNameOf, submitRealName } from '../accounts/real-name-repository.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requestText } from '../http/i18n.ts';
import { body, matching, requiredStr, str } from '../http/schemas.ts';
import { ownedUpload, uploadUrl } from '../uploads/store.ts';
import { REAL_NAME_CENTER } from '../http/wire/wallet.ts';
import { replies, sessionRead, sessionRoute, nothing } from '../http/wire-schema.ts';
import { budget } from '../security/budgets.ts';

const TAGS = ['Real name'];

export async function realNameRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireSession(app, ctx, { real: true }); // docs/contract.md §6

  app.post<{ Body: { name?: string; card_id?: string; front_pic?: string; reverse_pic?: string } }>(
    '/api/user_real/real_name',
    sessionRoute(TAGS, budget('write'), {
      body: body(
        {
          name: requiredStr(100),
          card_id: matching(
            `[A-Za-z0-9-]{${CARD_ID_MIN},${CARD_ID_MAX}}`,
            'id_number_invalid',
            'a passport/ID number: letters, digits or hyphens',
            255,
            { min: CARD_ID_MIN, max: CARD_ID_MAX },
          ),
          front_pic: str(300),
          reverse_pic: str(300),
        },
        ['name', 'card_id'],
      ),
      response: replies(nothing),
    }),
    async (request) => {
      const user = caller(request);
      const b = request.body;
      // The form's own rules, each with its message: never a field's internal name.
      const badName = nameProblem(b.name ?? '');
      if (badName) throw new ApiError(badName, undefined, { max: NAME_MAX });
      const badId = cardIdProblem(b.card_id ?? '');
      if (badId) throw new ApiError(badId, undefined, { min: CARD_ID_MIN, max: CARD_ID_MAX });
      const name = cleanName(b.name ?? '');
      const cardId = cleanCardId(b.card_id ?? '');
      const [front, reverse] = await Promise.all([
        ownedUpload(ctx.db, user.id, b.front_pic),
        ownedUpload(ctx.db, user.id, b.reverse_pic),
      ]);
      // docs/contract.md §5: two different images of this user.
      if (!front || !reverse || front.id === reverse.id) throw new ApiError('id_photos_required');
      await ctx.db.tx(async (q) => {
        const status = await lockedReviewStatus(q, user.id);
        if (status === ReviewStatus.REVIEWING) throw new ApiError('real_name_reviewing');
        if (status === ReviewStatus.VERIFIED) throw new ApiError('real_name_verified');
        await submitRealName(q, {
          userId: user.id,
          name,
          cardId,
          front: front.id,
          reverse: reverse.id,
          at: ctx.clock.now(),
        });
      });
      return ok(null, requestText(request, 'server.real_name_submitted'));
    },
  );

  app.get('/api/user_real/center', sessionRead(TAGS, REAL_NAME_CENTER), async (request) => {
    const r = await realNameOf(ctx.db, caller(request).id);
    const data: RealNameCenter = r
      ? {
          review_status: r.review_status as RealNameCenter['review_status'],
          name: r.name,
          card_id: r.card_id,
          front_pic: uploadUrl(r.front_upload),
          reverse_pic: uploadUrl(r.reverse_upload),
          reason: r.reason,
        }
      : { review_status: 0, name: '', card_id: '', front_pic: '', reverse_pic: '', reason: '' };
    return ok(data);
  });
}
