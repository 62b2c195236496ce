// Without a live staff session or the break-glass token nothing runs (docs/back-office.md "Break-glass").
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { CODE_ERROR } from '../../domain/types.ts';
import type { AppContext } from '../core/app-context.ts';
import { ApiError, fieldInvalid, ok } from '../http/envelope.ts';
import { failure } from '../http/errors.ts';
import { OPS_BODY_MAX_BYTES } from '../http/http-app.ts';
import { emptyBody } from '../http/openapi.ts';
import { requestText } from '../http/i18n.ts';
import { opsActor } from '../ops/auth.ts';
import type { OpsCommand, OpsCommandInfo } from '../ops/command.ts';
import { OPS_COMMANDS as OPS_COMMANDS_SCHEMA } from '../http/wire/content.ts';
import { redactUrl } from '../core/log-redaction.ts';
import { anyValue, OPS, publicRoute, replies } from '../http/wire-schema.ts';
import { OPS_COMMANDS } from '../ops/commands/index.ts';
import { assertMayRun, auditRefusal, runAs } from '../ops/run.ts';
import { budget, noBudget, type RouteBudget } from '../security/budgets.ts';
import { appendAudit, auditActor } from '../staff/audit-repository.ts';
import { bootstrapMatches, createFirstAdmin, OPS_BOOTSTRAP_HEADER } from '../staff/bootstrap.ts';
import { mayUse, ROLE_RIGHTS, RIGHTS, type OpsActor } from '../staff/rights.ts';
import {
  changeStaffPassword,
  normalLogin,
  STAFF_SESSION_HEADER,
  staffLogin,
  staffLogout,
} from '../staff/staff-auth.ts';

const MAX_PARAM_LENGTH = 1000;

/** Unknown or missing parameters are refused by name. */
function opsArgs(cmd: OpsCommand, body: unknown): Record<string, string> {
  const given = body === undefined || body === null ? {} : body;
  if (typeof given !== 'object' || Array.isArray(given)) throw fieldInvalid('body');
  const args: Record<string, string> = {};
  for (const [key, value] of Object.entries(given as Record<string, unknown>)) {
    const param = cmd.params.find((p) => p.name === key);
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    if (!param || typeof text !== 'string' || text.length > (param.maxLength ?? MAX_PARAM_LENGTH)) {
      throw fieldInvalid(key);
    }
    if (text.trim() !== '') args[key] = text.trim();
  }
  for (const p of cmd.params) {
    if (!p.optional && args[p.name] === undefined) throw new ApiError('field_required', CODE_ERROR, { field: p.name });
  }
  return args;
}

const TAGS = ['Back office'];
const LOGIN_BUDGET = budget('login', (request) => {
  const body = request.body as { login?: unknown } | undefined;
  const login = normalLogin(body?.login);
  // Per login and address: a flood spends only its own address's tries.
  return login ? `staff:${login}|${request.ip}` : null;
});

/** Counted as a sign-in, per session and address. */
const LOGIN_BUDGET_OF_SESSION = budget('login', (request) => {
  const token = request.headers[STAFF_SESSION_HEADER];
  return typeof token === 'string' && token !== '' ? `staff-session:${token}|${request.ip}` : null;
});

const actors = new WeakMap<FastifyRequest, OpsActor>();
const actorOf = (request: FastifyRequest): OpsActor => {
  const a = actors.get(request);
  if (!a) throw new ApiError('staff.session_needed', CODE_ERROR, {}, 401);
  return a;
};

/** A route behind the staff session or the break-glass token. */
const staffRoute = (spend: RouteBudget, schema: FastifySchema) =>
  publicRoute(TAGS, spend, { security: OPS, ...schema });

const strings = (names: readonly string[]) => ({
  type: 'object',
  properties: Object.fromEntries(names.map((n) => [n, { type: 'string', maxLength: 200 }])),
});

const byName = new Map(OPS_COMMANDS.map((c) => [c.name, c]));

export async function opsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post(
    '/api/ops/login',
    publicRoute(TAGS, LOGIN_BUDGET, {
      description:
        'A staff sign-in: login and password, then the TOTP code. With the one-time password of staff-create ' +
        'or staff-reset answers step "password": the same with `new_password` sets the member’s own. Without a ' +
        'code answers step "code" (or "setup" with a new secret at the first sign-in); with the right code, step ' +
        '"done" and a session token.',
      body: { ...strings(['login', 'password', 'new_password', 'code']), required: ['login', 'password'] },
      response: replies(anyValue, 'The next step, or the session'),
    }),
    async (request) => ok(await staffLogin(ctx, request.body as { login: unknown; password: unknown }, request.ip)),
  );

  app.post(
    '/api/ops/bootstrap',
    publicRoute(TAGS, LOGIN_BUDGET, {
      description:
        'The first administrator, from the shell (`npm run ops -- staff-create --role admin`): only while no ' +
        'active admin exists, with the token of DATA_DIR/ops-bootstrap in x-ops-bootstrap.',
      body: { ...strings(['login', 'name', 'role']), required: ['login', 'name'] },
      response: replies(anyValue, 'The new admin and their first password (shown once)'),
    }),
    async (request, reply) => {
      if (!bootstrapMatches(ctx, request.headers[OPS_BOOTSTRAP_HEADER])) {
        const key = ctx.opsBootstrap ? 'staff.session_needed' : 'staff.first_admin_exists';
        return reply.code(401).send(failure(requestText(request, key)));
      }
      const b = request.body as { login?: string; name?: string; role?: string };
      if (b.role !== undefined && b.role !== 'admin') throw fieldInvalid('role');
      return ok(await createFirstAdmin(ctx, b, request.ip));
    },
  );

  await app.register(async (guarded) => {
    guarded.addHook('onRequest', async (request, reply) => {
      const actor = await opsActor(ctx, request);
      if (actor) {
        actors.set(request, actor);
        // Every use of the shared token is on record; a run's own row names it too.
        if (actor.kind === 'break-glass' && !request.url.startsWith('/api/ops/run/')) {
          await appendAudit(ctx.db, {
            at: ctx.clock.now(),
            ...auditActor(actor),
            action: `${request.method} ${request.url.split('?')[0] ?? ''}`,
            params: {},
          });
        }
        return;
      }
      request.log.warn({ url: redactUrl(request.url) }, 'ops request without a live staff session or token');
      await reply.code(401).send(failure(requestText(request, 'staff.session_needed')));
    });

    guarded.get(
      '/api/ops/me',
      { schema: { tags: TAGS, security: OPS, response: replies(anyValue, 'Who is signed in, and their rights') } },
      async (request) => {
        const a = actorOf(request);
        const rights = a.role === 'break-glass' ? [...RIGHTS] : ROLE_RIGHTS[a.role];
        return ok({ login: a.login, name: a.name, role: a.role, rights, idle_minutes: ctx.staffIdleMs / 60_000 });
      },
    );

    guarded.post(
      '/api/ops/logout',
      staffRoute(noBudget('ends the caller’s own staff session'), {
        describeBody: emptyBody(STAFF_SESSION_HEADER),
        response: replies(anyValue, 'Signed out'),
      }),
      async (request) => {
        const token = request.headers[STAFF_SESSION_HEADER];
        if (typeof token === 'string') await staffLogout(ctx.db, token, ctx.clock.now());
        return ok(null);
      },
    );

    guarded.post(
      '/api/ops/password',
      staffRoute(LOGIN_BUDGET_OF_SESSION, {
        description:
          'A member changes their own password: the current one, the new one and a code of their ' +
          'authenticator. Their other sessions end.',
        body: { ...strings(['password', 'new_password', 'code']), required: ['password', 'new_password', 'code'] },
        response: replies(anyValue, 'Changed'),
      }),
      async (request) => {
        const input = request.body as { password: unknown; new_password: unknown; code: unknown };
        const token = request.headers[STAFF_SESSION_HEADER];
        await changeStaffPassword(ctx, actorOf(request), input, typeof token === 'string' ? token : '');
        return ok(null);
      },
    );

    guarded.get(
      '/api/ops/commands',
      { schema: { tags: TAGS, security: OPS, response: replies(OPS_COMMANDS_SCHEMA) } },
      async (request) => {
        const a = actorOf(request);
        // The CLI's help and the page's menu show only what the role may run.
        const list: OpsCommandInfo[] = OPS_COMMANDS.filter((c) => mayUse(a, c.right)).map(
          ({ name, summary, params, live }) => ({ name, summary, params, live }),
        );
        return ok(list);
      },
    );

    guarded.post<{ Params: { name: string } }>(
      '/api/ops/run/:name',
      {
        bodyLimit: OPS_BODY_MAX_BYTES,
        // A back office approving a queue of deposits must not be cut off mid-way; staff sessions are the limit.
        ...staffRoute(noBudget('staff only, behind a live staff session or the counted break-glass token'), {
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
        }),
      },
      async (request, reply) => {
        const cmd = byName.get(request.params.name);
        if (!cmd) return reply.code(404).send(failure(requestText(request, 'errors.ops_unknown')));
        const actor = actorOf(request);
        let args: Record<string, string>;
        try {
          assertMayRun(cmd, actor); // refused before its parameters are even read
          args = opsArgs(cmd, request.body);
        } catch (err) {
          await auditRefusal(ctx, cmd.name, {}, actor, err);
          throw err;
        }
        request.log.info({ ops: cmd.name, by: actor.login, args }, 'ops command');
        return ok(await runAs(ctx, cmd, args, actor));
      },
    );
  });
}
