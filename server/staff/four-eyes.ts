// The four-eyes gate (docs/back-office.md "Four eyes"): every ops command that moves money (`money: 'moves'`,
// server/ops/command.ts) passes it in the runner (server/ops/run.ts), so no command can forget it. A movement needs
// a second finance member when, with what the same member moved alone to the same account in the last 24 h, it
// reaches the threshold (settings `four_eyes.USD`, and `four_eyes.<CODE>` for a payout currency that has one:
// "reaches" is inclusive). Then it waits in second_approvals and moves nothing; the second approval is another
// member's repeat of the same command on the same item, or approval-give. Both approvers are signed-in members
// (never break-glass), the second not the first, and not one whose credentials were made or reset in the last 24 h.
import { dec } from '../../domain/decimal.ts';
import { decimalRe } from '../../domain/numerics/decimal-pattern.ts';
import { DAY_MS } from '../../domain/time.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import type { MoneyMovement, OpsArgs } from '../ops/command.ts';
import { getSettings } from '../settings/settings.ts';
import {
  closeApproval,
  insertApproval,
  lockMovedAccount,
  loneSums,
  recordLoneMovement,
  waitingApprovalOf,
  type ApprovalRow,
} from './approvals-repository.ts';
import type { OpsActor } from './rights.ts';
import { staffById } from './staff-repository.ts';

export const FOUR_EYES_PREFIX = 'four_eyes.';

/** A threshold as a setting holds it: an amount in its currency, up to 15 digits and 8 decimals. */
export const FOUR_EYES_AMOUNT = decimalRe({ whole: 15, places: 8 });

/** How long new credentials keep a member from giving a second approval. */
export const NEW_CREDENTIALS_MS = DAY_MS;

/** The thresholds set for USD and for `currency`, each null when none is. */
async function thresholds(q: Queryable, currency: string): Promise<{ usd: string | null; own: string | null }> {
  const usdKey = `${FOUR_EYES_PREFIX}USD`;
  const ownKey = `${FOUR_EYES_PREFIX}${currency}`;
  const set = await getSettings(q, [usdKey, ownKey]);
  const valid = (v: string | undefined) => (v !== undefined && FOUR_EYES_AMOUNT.test(v) ? v : null);
  return { usd: valid(set[usdKey]), own: currency === 'USD' ? null : valid(set[ownKey]) };
}

/** Whether `m`, with what `staffId` moved alone to the same account in the 24 h before `now`, reaches a threshold. */
export async function needsSecondApproval(
  q: Queryable,
  m: Pick<MoneyMovement, 'userId' | 'usd' | 'currency' | 'value'>,
  staffId: number,
  now: number,
): Promise<boolean> {
  const limit = await thresholds(q, m.currency);
  const alone = await loneSums(q, staffId, m.userId, m.currency, now - DAY_MS);
  if (limit.usd !== null && dec(alone.usd).plus(m.usd).gte(limit.usd)) return true;
  return limit.own !== null && dec(alone.value).plus(m.value).gte(limit.own);
}

/** Parameters compared as the approval keeps them: the same names and values, in any order. */
const sameArgs = (stored: string, args: OpsArgs): boolean => {
  const a = JSON.parse(stored) as Record<string, string>;
  const keys = new Set([...Object.keys(a), ...Object.keys(args)]);
  return [...keys].every((k) => a[k] === args[k]);
};

/** Throws unless `actor` may give the second approval to `approval`. */
export async function assertSecondApprover(
  q: Queryable,
  approval: Pick<ApprovalRow, 'first_staff_id'>,
  actor: OpsActor,
  now: number,
): Promise<void> {
  if (actor.kind !== 'staff') throw new ApiError('staff.four_eyes_break_glass');
  if (approval.first_staff_id === actor.staffId) throw new ApiError('staff.four_eyes_same');
  const member = await staffById(q, actor.staffId);
  if (!member || Number(member.credentials_at) > now - NEW_CREDENTIALS_MS) {
    throw new ApiError('staff.four_eyes_new_member');
  }
}

export type GateAnswer = { go: true } | { go: false; approval: number };

/**
 * The gate, inside the command's transaction: the second approval of a waiting one (approval-give's, or a repeat of
 * the same command on the same item), a movement that must wait (recorded, nothing moves), or one the member may
 * make alone (recorded in the day's sum).
 */
export async function passFourEyes(
  q: Queryable,
  command: string,
  args: OpsArgs,
  m: MoneyMovement,
  actor: OpsActor,
  now: number,
): Promise<GateAnswer> {
  await lockMovedAccount(q, m.userId);
  const waiting = m.approval ?? (m.item === undefined ? undefined : await waitingApprovalOf(q, command, m.item));
  if (waiting) {
    await assertSecondApprover(q, waiting, actor, now);
    // A repeat must ask exactly what waits (approval-give runs what waits, with the first member's parameters).
    if (!m.approval && !sameArgs(waiting.params, args)) throw new ApiError('staff.four_eyes_differs');
    await closeApproval(q, waiting.id, 'approved', actor.staffId, now);
    return { go: true };
  }
  if (await needsSecondApproval(q, m, actor.staffId, now)) {
    // Two named people: break-glass is nobody in particular, so it asks for no approval either.
    if (actor.kind !== 'staff') throw new ApiError('staff.four_eyes_break_glass_first');
    const approval = await insertApproval(q, {
      kind: command,
      userId: m.userId,
      usd: m.usd,
      item: m.item ?? null,
      params: args,
      summary: m.summary,
      firstStaffId: actor.staffId,
      now,
    });
    return { go: false, approval };
  }
  await recordLoneMovement(q, {
    staffId: actor.staffId,
    userId: m.userId,
    command,
    usd: m.usd,
    currency: m.currency,
    value: m.value,
    at: now,
  });
  return { go: true };
}
