// Kept on the account so every device draws the same chart; visitors keep theirs in the browser.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { ok } from '../http/envelope.ts';
import { body } from '../http/schemas.ts';
import { CHART_SETTINGS } from '../http/wire/chart-settings.ts';
import { sessionRead, sessionWrite } from '../http/wire-schema.ts';
import { readChartSettings, writeChartSettings } from '../chart/chart-settings.ts';

const TAGS = ['Chart'];

/** Text that is no JSON stays text, so the rules refuse it with their own message. */
function parsed(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

export async function chartSettingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireSession(app, ctx); // demo users keep settings too (they move no money)
  app.get('/v1/api/chart/settings', sessionRead(TAGS, CHART_SETTINGS), async (request) =>
    ok(await readChartSettings(ctx.db, caller(request).id)),
  );

  app.post<{ Body: { indicators: unknown } }>(
    '/v1/api/chart/settings',
    // The app's form-encoded POSTs (docs/contract.md §7) send JSON text; a JSON client sends the object.
    sessionWrite(
      TAGS,
      CHART_SETTINGS,
      body({ indicators: { anyOf: [{ type: 'string', maxLength: 4000 }, { type: 'object' }] } }, ['indicators']),
    ),
    async (request) => ok(await writeChartSettings(ctx.db, caller(request).id, parsed(request.body.indicators))),
  );
}
