// The risk warning and specifications are public: the landing and registration screens show them.
import type { FastifyInstance } from 'fastify';
import {
  QUESTIONS,
  type QuestionnaireResult,
  type RetailProfile,
  type RetailStanding,
  type RiskWarning,
} from '../../domain/retail.ts';
import type { AppContext } from '../core/app-context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { ok } from '../http/envelope.ts';
import { body, int, query } from '../http/schemas.ts';
import { INSTRUMENT_SPEC, QUESTIONNAIRE_RESULT, RETAIL_PROFILE, RISK_WARNING } from '../http/wire/retail.ts';
import { publicRead, sessionRead, sessionWrite, enumOf } from '../http/wire-schema.ts';
import { acknowledgeWarning, recordAnswers, type AppropriatenessRecord } from '../retail/appropriateness.ts';
import { instrumentSpec } from '../retail/instrument-spec.ts';
import { currentRiskWarning } from '../retail/loss-figure.ts';
import { retailProfile } from '../retail/retail-terms.ts';

const TAGS = ['Retail protection'];

/** The contract's `forex_id` names each offer's instrument. */
const profileOf = (s: RetailStanding): RetailProfile => ({
  ...s,
  leverage: s.leverage.map(({ instrumentId, ...offer }) => ({ forex_id: instrumentId, ...offer })),
});

const result = (r: AppropriatenessRecord): QuestionnaireResult => ({
  score: r.score,
  passed: r.passed,
  acknowledged: r.acknowledged_at !== null,
});

export async function retailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/v1/api/retail/warning', publicRead(TAGS, RISK_WARNING), async () =>
    ok<RiskWarning>(await currentRiskWarning(ctx.db)),
  );

  app.get<{ Querystring: { forex_id: number } }>(
    '/v1/api/retail/spec',
    publicRead(TAGS, INSTRUMENT_SPEC, query({ forex_id: int(1) }, ['forex_id'])),
    async (request) => {
      const id = request.query.forex_id;
      return ok({ forex_id: id, ...(await instrumentSpec(ctx.db, id, ctx.clock.now())) });
    },
  );

  await app.register(async (scope) => {
    requireSession(scope, ctx); // demo users see their terms too: they follow the same caps
    scope.get('/v1/api/retail/terms', sessionRead(TAGS, RETAIL_PROFILE), async (request) =>
      ok(profileOf(await retailProfile(ctx.db, caller(request).id))),
    );

    const answers = Object.fromEntries(QUESTIONS.map((q) => [q.key, enumOf(...q.options)]));
    scope.post<{ Body: Record<string, string> }>(
      '/v1/api/retail/questionnaire',
      sessionWrite(TAGS, QUESTIONNAIRE_RESULT, body(answers, Object.keys(answers))),
      async (request) => ok(result(await recordAnswers(ctx.db, caller(request).id, request.body, ctx.clock.now()))),
    );

    scope.post('/v1/api/retail/acknowledge', sessionWrite(TAGS, QUESTIONNAIRE_RESULT, body({})), async (request) =>
      ok(result(await acknowledgeWarning(ctx.db, caller(request).id, ctx.clock.now()))),
    );
  });
}
