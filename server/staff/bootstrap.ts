// The first administrator, only with the server's own token file (docs/back-office.md "The first administrator").
import { rmSync } from 'node:fs';
import type { AppContext } from '../core/app-context.ts';
import { hashPassword } from '../auth/password.ts';
import { ApiError } from '../http/envelope.ts';
import { textArg } from '../ops/args.ts';
import { firstPassword, loginArg } from '../ops/commands/staff.ts';
import { sameSecret } from '../auth/tokens.ts';
import { appendAudit } from './audit-repository.ts';
import { activeAdminCount, insertStaff } from './staff-repository.ts';

export const OPS_BOOTSTRAP_HEADER = 'x-ops-bootstrap';

export function bootstrapMatches(ctx: Pick<AppContext, 'opsBootstrap'>, given: unknown): boolean {
  const expected = ctx.opsBootstrap?.token;
  return typeof given === 'string' && expected !== undefined && sameSecret(given, expected);
}

export async function createFirstAdmin(
  ctx: AppContext,
  input: { login?: string; name?: string },
  address: string,
): Promise<{ login: string; name: string; role: 'admin'; first_password: string }> {
  const login = loginArg(input.login);
  const name = textArg(input.name, 'name', true);
  const password = firstPassword();
  const passwordHash = await hashPassword(password, ctx.limits.scrypt);
  const now = ctx.clock.now();
  await ctx.db.tx(async (q) => {
    if ((await activeAdminCount(q)) > 0) throw new ApiError('staff.first_admin_exists');
    const id = await insertStaff(q, { login, name, role: 'admin', passwordHash, now });
    if (id === null) throw new ApiError('staff.login_taken');
    await appendAudit(q, {
      at: now,
      staffId: null,
      actor: 'shell',
      role: 'shell',
      address,
      action: 'staff-create',
      params: { login, name, role: 'admin' },
      after: { login, name, role: 'admin' },
    });
  });
  // The shell's credential has done its one job.
  if (ctx.opsBootstrap) rmSync(ctx.opsBootstrap.path, { force: true });
  ctx.opsBootstrap = null;
  return { login, name, role: 'admin', first_password: password };
}
