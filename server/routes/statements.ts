// The app saves fetched bytes as a file, so no token or ticket ever reaches a URL (docs/trading.md "Statements").
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { ApiError } from '../http/envelope.ts';
import { pickLanguage } from '../http/i18n.ts';
import { query, str } from '../http/schemas.ts';
import { rawReply, sessionRoute } from '../http/wire-schema.ts';
import { DAY_PATTERN, dayRange } from '../statements/date-range.ts';
import { statementOf } from '../statements/statements.ts';
import { budget } from '../security/budgets.ts';

interface StatementQuery {
  from: string;
  to: string;
  uid?: string;
}

const DAY = { type: 'string', pattern: DAY_PATTERN, description: 'YYYY-MM-DD, a UTC day (inclusive)' };
const QUERY = query({ from: DAY, to: DAY, uid: str(32) }, ['from', 'to']);
const CSV = rawReply(
  'text/csv',
  { type: 'string', description: 'UTF-8 with BOM, comma-separated, CRLF' },
  'The statement as CSV',
);

export async function statementRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireSession(app, ctx);

  for (const [kind, path, tag] of [
    ['records', '/v1/api/main/accountLog/export', 'Funds'],
    ['orders', '/v1/api/forex/history_export', 'Trading'],
  ] as const) {
    app.get<{ Querystring: StatementQuery }>(
      path,
      sessionRoute([tag], budget('statement'), { querystring: QUERY, response: CSV }),
      async (request, reply) => {
        const user = caller(request);
        const { from, to, uid } = request.query;
        if (uid !== undefined && uid !== '' && uid !== user.uid) throw new ApiError('statement.errors.not_yours');
        const range = dayRange(from, to);
        const lines = statementOf[kind](ctx.db, user.id, range, pickLanguage(request.headers.lang));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="tickwise-${kind}-${range.from}_${range.to}.csv"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(lines));
      },
    );
  }
}
