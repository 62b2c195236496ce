// The back office over HTTP: GET /api/ops/commands lists the operator commands (server/ops/commands/), and
// POST /api/ops/run/:name runs one with a JSON object of string parameters. Every call needs the ops token
// (server/ops/auth.ts); a wrong or missing token gets 401 and runs nothing. Each run is logged by name and
// parameters for the audit trail (parameters are ids, amounts and reasons, never secrets).
import type { FastifyInstance } from 'fastify';
import { CODE_ERROR } from '../../domain/types.ts';
import type { AppContext } from '../context.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { failure } from '../http/errors.ts';
import { pickLanguage, translate } from '../http/i18n.ts';
import { isOperator } from '../ops/auth.ts';
import type { OpsCommand } from '../ops/command.ts';
import { OPS_COMMANDS as OPS_COMMANDS_SCHEMA } from '../http/wire/content.ts';
import { redactUrl } from '../core/log-redaction.ts';
import { anyValue, OPS, replies } from '../http/wire-schema.ts';
import { OPS_COMMANDS } from '../ops/commands/index.ts';
import { noBudget } from '../security/budgets.ts';

/** What the CLI and the page need to show a command: no function, no internals. */
export interface OpsCommandInfo {
  name: string;
  summary: string;
  params: OpsCommand['params'];
  /** Read-only: the page offers to re-run it every second (docs/back-office.md "The dealer's view"). */
  live?: boolean;
}

const MAX_PARAM_LENGTH = 1000;

/** The body's parameters as strings, exactly the command's: unknown or missing ones are refused by name. */
export function opsArgs(cmd: OpsCommand, body: unknown): Record<string, string> {
  const given = body === undefined || body === null ? {} : body;
  if (typeof given !== 'object' || Array.isArray(given))
    throw new ApiError('field_invalid', CODE_ERROR, { field: 'body' });
  const args: Record<string, string> = {};
  for (const [key, value] of Object.entries(given as Record<string, unknown>)) {
    const param = cmd.params.find((p) => p.name === key);
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    if (!param || typeof text !== 'string' || text.length > MAX_PARAM_LENGTH) {
      throw new ApiError('field_invalid', CODE_ERROR, { field: key });
    }
    if (text.trim() !== '') args[key] = text.trim();
  }
  for (const p of cmd.params) {
    if (!p.optional && args[p.name] === undefined) throw new ApiError('field_required', CODE_ERROR, { field: p.name });
  }
  return args;
}

const TAGS = ['Back office'];

export function opsRoutes(commands: readonly OpsCommand[] = OPS_COMMANDS) {
  const byName = new Map(commands.map((c) => [c.name, c]));
  return async function backOfficeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
    // Encapsulated in this module's scope: guards the ops routes only.
    app.addHook('onRequest', async (request, reply) => {
      if (await isOperator(ctx, request)) return;
      request.log.warn({ url: redactUrl(request.url) }, 'ops request without a valid token');
      await reply.code(401).send(failure(translate(pickLanguage(request.headers.lang), 'errors.ops_token')));
    });

    app.get(
      '/api/ops/commands',
      { schema: { tags: TAGS, security: OPS, response: replies(OPS_COMMANDS_SCHEMA) } },
      async () => {
        const list: OpsCommandInfo[] = commands.map(({ name, summary, params, live }) =>
          live ? { name, summary, params, live } : { name, summary, params },
        );
        return ok(list);
      },
    );

    app.post<{ Params: { name: string } }>(
      '/api/ops/run/:name',
      {
        // Operators only: the token check before it has its own wrong-guess budget per address (server/ops/auth.ts),
        // and a back office approving a queue of deposits must not be cut off mid-way.
        config: { budget: noBudget('operators only, behind the x-ops-token check and its wrong-guess budget') },
        schema: {
          tags: TAGS,
          security: OPS,
          description:
            'Runs one operator command (see /api/ops/commands) with its parameters as the form or JSON body.',
          describeBody: {
            schema: {
              type: 'object',
              additionalProperties: { type: 'string' },
              description: "the command's parameters by name (GET /api/ops/commands)",
            },
            required: false,
          },
          params: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          response: replies(anyValue, "The command's result (code 1) or a failure"),
        },
      },
      async (request, reply) => {
        const cmd = byName.get(request.params.name);
        if (!cmd) {
          return reply.code(404).send(failure(translate(pickLanguage(request.headers.lang), 'errors.ops_unknown')));
        }
        const args = opsArgs(cmd, request.body);
        request.log.info({ ops: cmd.name, args }, 'ops command');
        return ok(await cmd.run(ctx, args));
      },
    );
  };
}
