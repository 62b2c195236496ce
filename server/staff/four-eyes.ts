// The four-eyes gate, in the ops runner so no money-moving command can forget it (docs/back-office.md "Four eyes").
import { dec } from '../../domain/decimal.ts';
import { decimalRe } from '../../domain/numerics/decimal-pattern.ts';
import { DAY_MS } from '../../domain/time.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import type { MoneyMovement, OpsArgs } from '../ops/command.ts';
import { lockAccounts } from '../engine/submit-order.ts';
import { getSettings } from '../settings/settings.ts';
import {
  closeApproval,
  insertApproval,
  loneSums,
  recordLoneMovement,
  waitingApprovalOf,
  type ApprovalRow,
} from './approvals-repository.ts';
import type { OpsActor } from './rights.ts';
import { staffById } from './staff-repository.ts';

const FOUR_EYES_PREFIX = 'four_eyes.';

/** Up to 15 digits and 8 decimals. */
export const FOUR_EYES_AMOUNT = decimalRe({ whole: 15, places: 8 });

export const NEW_CREDENTIALS_MS = DAY_MS;

async function thresholds(q: Queryable, currency: string): Promise<{ usd: string | null; own: string | null }> {
  const usdKey = `${FOUR_EYES_PREFIX}USD`;
  const ownKey = `${FOUR_EYES_PREFIX}${currency}`;
  const set = await getSettings(q, [usdKey, ownKey]);
  const valid = (v: string | undefined) => (v !== undefined && FOUR_EYES_AMOUNT.test(v) ? v : null);
  return { usd: valid(set[usdKey]), own: currency === 'USD' ? null : valid(set[ownKey]) };
}

/** Counts what `staffId` moved alone to the same account in the 24 h before `now`; "reaches" is inclusive. */
async function needsSecondApproval(
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

/** Same names and values, in any order. */
const sameArgs = (stored: string, args: OpsArgs): boolean => {
  const a = JSON.parse(stored) as Record<string, string>;
  const keys = new Set([...Object.keys(a), ...Object.keys(args)]);
  return [...keys].every((k) => a[k] === args[k]);
};

/** Signed-in members only, never the first, nor one whose credentials were made or reset in the last 24 h. */
async function assertSecondApprover(
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

type GateAnswer = { go: true } | { go: false; approval: number };

/** Inside the command's transaction: a movement that must wait is recorded and moves nothing. */
export async function passFourEyes(
  q: Queryable,
  command: string,
  args: OpsArgs,
  m: MoneyMovement,
  actor: OpsActor,
  now: number,
): Promise<GateAnswer> {
  await lockAccounts(q, [m.userId]); // two movements by one member cannot both read the day's sum
  const waiting = m.approval ?? (m.item === undefined ? undefined : await waitingApprovalOf(q, command, m.item));
  if (waiting) {
    await assertSecondApprover(q, waiting, actor, now);
    // approval-give runs what waits with the first member's parameters, so a repeat must ask exactly that.
    if (!m.approval && !sameArgs(waiting.params, args)) throw new ApiError('staff.four_eyes_differs');
    await closeApproval(q, waiting.id, 'approved', actor.staffId, now);
    return { go: true };
  }
  if (await needsSecondApproval(q, m, actor.staffId, now)) {
    // Two named people: break-glass is nobody in particular, so it asks for no approval either.
    if (actor.kind !== 'staff') throw new ApiError('staff.four_eyes_break_glass_first');
    const approval = await insertApproval(q, {
      ...m,
      kind: command,
      item: m.item ?? null,
      params: args,
      firstStaffId: actor.staffId,
      now,
    });
    return { go: false, approval };
  }
  await recordLoneMovement(q, { ...m, staffId: actor.staffId, command, at: now });
  return { go: true };
}
