// Who may be copied (docs/copy-trading.md "Providers"): a real account with a verified identity, or any demo account,
// publishes itself with a name, a description, a fee of 0–30 % and a minimum of at least 100 USD; staff suspend one.
// A copy may start only of a published, unsuspended, non-sample provider of the follower's own world.
import { exactText } from '../../domain/decimal.ts';
import { FEE_MAX, MIN_COPY_AMOUNT } from '../../domain/copy-maths.ts';
import {
  parseProviderDescription,
  parseProviderFee,
  parseProviderMin,
  parseProviderName,
  PROVIDER_DESCRIPTION_MAX,
  PROVIDER_NAME_MAX,
} from '../../domain/copy-input.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import {
  hasRunningCopy,
  providerOf,
  realNameVerified,
  upsertProvider,
  userWorld,
  type ProviderRow,
} from './copy-repository.ts';
import type { CopyDeps } from './copy-fees.ts';

export interface PublishInput {
  name?: unknown;
  description?: unknown;
  fee?: unknown;
  minAmount?: unknown;
}

/** Publishes the user as a provider of their own world (or updates the terms); a copy account never provides. */
export async function publishProvider(deps: Pick<CopyDeps, 'db' | 'clock'>, userId: number, input: PublishInput) {
  // The rules are the provider sheet's own (domain/copy-input.ts), so the app refuses what this refuses.
  const name = parseProviderName(input.name);
  if (!name.ok) throw new ApiError(name.error, undefined, { max: PROVIDER_NAME_MAX });
  const description = parseProviderDescription(input.description);
  if (!description.ok) throw new ApiError(description.error, undefined, { max: PROVIDER_DESCRIPTION_MAX });
  const fee = parseProviderFee(input.fee);
  if (!fee.ok) throw new ApiError(fee.error, undefined, { max: FEE_MAX });
  const min = parseProviderMin(input.minAmount);
  if (!min.ok) throw new ApiError(min.error, undefined, { min: MIN_COPY_AMOUNT });
  await deps.db.tx(async (q) => {
    const world = await userWorld(q, userId);
    if (!world || world.is_copy) throw new ApiError('provider_not_copyable');
    if (world.is_demo === 0 && !(await realNameVerified(q, userId))?.ok) {
      throw new ApiError('provider_real_name_required');
    }
    await upsertProvider(q, {
      userId,
      name: name.value,
      description: description.value,
      feePercent: fee.value,
      minAmount: exactText(min.value),
      isDemo: world.is_demo === 1,
      at: deps.clock.now(),
    });
  });
}

/** The provider a follower may start copying, and the follower's world; refuses with the reason otherwise. */
export async function copyableProvider(
  q: Queryable,
  followerId: number,
  providerId: number,
): Promise<{ provider: ProviderRow; isDemo: boolean }> {
  const follower = await userWorld(q, followerId);
  if (!follower || follower.is_copy) throw new ApiError('copy_not_found');
  const provider = Number.isSafeInteger(providerId) ? await providerOf(q, providerId) : null;
  if (!provider || provider.is_sample === 1) throw new ApiError('provider_not_copyable');
  if (provider.user_id === followerId) throw new ApiError('copy_self');
  if (provider.suspended_at !== null) throw new ApiError('provider_suspended');
  if (provider.is_demo !== follower.is_demo) throw new ApiError('copy_world_mismatch');
  if (await hasRunningCopy(q, followerId, providerId)) throw new ApiError('copy_running');
  return { provider, isDemo: follower.is_demo === 1 };
}
