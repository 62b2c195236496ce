// A command's writes and its audit row are one transaction (docs/back-office.md "The audit log").
import type { AppContext } from '../core/app-context.ts';
import { joinedDb } from '../db/joined-tx.ts';
import { ApiError } from '../http/envelope.ts';
import { watchLedger } from '../ledger/ledger.ts';
import { appendAudit, auditActor, type AuditEntry } from '../staff/audit-repository.ts';
import { passFourEyes } from '../staff/four-eyes.ts';
import { mayUse, type OpsActor } from '../staff/rights.ts';
import { announceAccountChange, movesMoney, type MoneyMovement, type OpsArgs, type OpsCommand } from './command.ts';
import { moneyObserver } from './money-watch.ts';

/** Announcements to the outside must wait until the transaction has committed. */
function deferred<T extends object>(target: T, later: Array<() => unknown>, only?: ReadonlySet<string>): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      const value: unknown = Reflect.get(t, prop, receiver);
      if (typeof value !== 'function' || (only && !only.has(String(prop)))) return value;
      return (...args: unknown[]) => {
        later.push(() => (value as (...a: unknown[]) => unknown).apply(t, args));
        return Promise.resolve();
      };
    },
  });
}

export function assertMayRun(cmd: OpsCommand, actor: OpsActor): void {
  if (!mayUse(actor, cmd.right)) throw new ApiError('staff.not_allowed', undefined, { command: cmd.name }, 403);
}

const SECRET_KEY = /password|secret|token|code_hash/i;

/** Fields that hold a secret (an initial password) never reach the audit row. */
function withoutSecrets(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutSecrets);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v as Record<string, unknown>).map(([k, x]) => [
      k,
      SECRET_KEY.test(k) ? '(hidden)' : withoutSecrets(x),
    ]),
  );
}

/** A list keeps only its row count: its parameters already say what was asked. */
function auditValue(v: unknown): unknown {
  return Array.isArray(v) ? { rows: v.length } : withoutSecrets(v);
}

/** Written after the rollback, so a refused run still leaves a row. */
export async function auditRefusal(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  name: string,
  args: unknown,
  actor: OpsActor,
  err: unknown,
): Promise<void> {
  const refused = err instanceof ApiError ? err.key : 'internal';
  await appendAudit(ctx.db, {
    at: ctx.clock.now(),
    ...auditActor(actor),
    action: name,
    params: withoutSecrets(args),
    after: { refused },
  }).catch(() => undefined); // a row that cannot be written (the refusal was the row itself) leaves the refusal as it is
}

export async function runAs(ctx: AppContext, cmd: OpsCommand, args: OpsArgs, actor: OpsActor): Promise<unknown> {
  try {
    return await runChecked(ctx, cmd, args, actor);
  } catch (err) {
    await auditRefusal(ctx, cmd.name, args, actor, err);
    throw err;
  }
}

async function runChecked(ctx: AppContext, cmd: OpsCommand, args: OpsArgs, actor: OpsActor): Promise<unknown> {
  assertMayRun(cmd, actor);
  const row = (before: unknown, out: unknown): AuditEntry => ({
    at: ctx.clock.now(),
    ...auditActor(actor),
    action: cmd.name,
    params: args,
    before: auditValue(before),
    after: auditValue(out),
  });
  if (cmd.outsideTransaction) {
    if (cmd.money) throw new Error(`${cmd.name}: a command that touches money runs in a transaction`);
    // Watched too: a movement is refused before it is written, so no command outside a transaction moves money.
    const out = await watchLedger(moneyObserver(cmd.name, undefined), () => cmd.run(ctx, args, actor));
    await appendAudit(ctx.db, row(undefined, out));
    return out;
  }
  const later: Array<() => unknown> = [];
  const result = await ctx.db.tx(async (q) => {
    const db = joinedDb(q, ctx.db.kind);
    const inner: AppContext = {
      ...ctx,
      db,
      push: deferred(ctx.push, later),
      notifier: deferred(ctx.notifier, later),
      priceDesk: ctx.priceDesk ? deferred(ctx.priceDesk, later, new Set(['changed'])) : undefined,
    };
    const before = cmd.before ? await cmd.before(db, args) : undefined;
    let gated: MoneyMovement | undefined;
    if (movesMoney(cmd)) {
      gated = await cmd.movement(inner, args);
      const gate = await passFourEyes(db, cmd.name, args, gated, actor, ctx.clock.now());
      if (!gate.go) {
        const waiting = { waiting_for_second_approval: gate.approval, what: gated.summary };
        const { userId, waiting: change } = gated;
        if (change) later.push(() => announceAccountChange(ctx, userId, change));
        await appendAudit(q, row(before, waiting));
        return waiting;
      }
    }
    const out = await watchLedger(moneyObserver(cmd.name, cmd.money, gated), () => cmd.run(inner, args, actor));
    await appendAudit(q, row(before, out));
    return out;
  });
  for (const f of later) await f();
  return result;
}
