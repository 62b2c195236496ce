// Four eyes on large money (docs/back-office.md "Four eyes"): a withdrawal payment or a manual credit above the
// threshold of its currency (settings `four_eyes.<CODE>`) waits for a second finance member. The first approver
// can never be the second (checked here and by the table's CHECK). Both approvals are audit rows: the first is the
// command that asked, the second `approval-give`.
import { dec } from '../../domain/decimal.ts';
import { decimalRe } from '../../domain/numerics/decimal-pattern.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { getSettings } from '../settings/settings.ts';
import type { ApprovalRow } from './approvals-repository.ts';
import type { OpsActor } from './rights.ts';

export const FOUR_EYES_PREFIX = 'four_eyes.';

/** A threshold as a setting holds it: an amount in its currency, up to 15 digits and 8 decimals. */
export const FOUR_EYES_AMOUNT = decimalRe({ whole: 15, places: 8 });

/** The threshold set for `currency`, or null when none is. */
async function threshold(q: Queryable, currency: string): Promise<string | null> {
  const key = `${FOUR_EYES_PREFIX}${currency}`;
  const value = (await getSettings(q, [key]))[key] ?? '';
  return FOUR_EYES_AMOUNT.test(value) ? value : null;
}

/**
 * Whether moving `amount` of `currency` (and `usd` USD, for a payout in another currency) needs a second approval:
 * above the currency's own threshold when it has one, else above the USD threshold.
 */
export async function needsSecondApproval(
  q: Queryable,
  amount: { currency: string; value: string; usd: string },
): Promise<boolean> {
  const own = await threshold(q, amount.currency);
  if (own !== null) return dec(amount.value).gt(own);
  const usd = await threshold(q, 'USD');
  return usd !== null && dec(amount.usd).gt(usd);
}

/** The second approver must be another person (break-glass counts as one person too). */
export function assertSecondPerson(approval: Pick<ApprovalRow, 'first_staff_id'>, actor: OpsActor): void {
  if (approval.first_staff_id === actor.staffId) throw new ApiError('staff.four_eyes_same');
}
