// docs/feedback.md.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { ok } from '../http/envelope.ts';
import { body, requiredStr } from '../http/schemas.ts';
import { FEEDBACK_LIST, FEEDBACK_SENT } from '../http/wire/feedback.ts';
import { sessionRead, sessionWrite, enumOf } from '../http/wire-schema.ts';
import { FEEDBACK_TEXT_MAX, FEEDBACK_TOPICS } from '../../domain/feedback.ts';
import { readFeedback, sendFeedback, type FeedbackInput } from '../feedback/feedback.ts';

const TAGS = ['Feedback'];

export async function feedbackRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireSession(app, ctx); // demo users too: a message moves no money

  app.get('/v1/api/feedback/list', sessionRead(TAGS, FEEDBACK_LIST), async (request) =>
    ok(await readFeedback(ctx.db, caller(request).id, ctx.clock.now())),
  );

  app.post<{ Body: FeedbackInput }>(
    '/v1/api/feedback/send',
    sessionWrite(
      TAGS,
      FEEDBACK_SENT,
      body(
        // Room for surrounding spaces: the rules trim, then count (field_invalid above FEEDBACK_TEXT_MAX).
        { topic: enumOf(...FEEDBACK_TOPICS), text: requiredStr(FEEDBACK_TEXT_MAX * 2) },
        ['topic', 'text'],
      ),
    ),
    async (request) => ok(await sendFeedback(ctx.db, caller(request).id, request.body, ctx.clock.now())),
  );
}
