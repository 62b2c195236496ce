// Who may be copied: docs/copy-trading.md "Providers".
import { exactText } from '../../domain/decimal.ts';
import {
  parseProviderTerms,
  PROVIDER_ERROR_PARAMS,
  type ProviderTermsError,
  type ProviderTermsInput,
} from '../../domain/copy-input.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import {
  hasRunningCopy,
  providerOf,
  realNameVerified,
  setUnpublished,
  upsertProvider,
  userWorld,
  type ProviderRow,
} from './copy-repository.ts';
import type { CopyDeps } from './copy-fees.ts';

const refused = (error: ProviderTermsError) => new ApiError(error, undefined, PROVIDER_ERROR_PARAMS[error]);

/** A copy account never provides. */
export async function publishProvider(
  deps: Pick<CopyDeps, 'db' | 'clock'>,
  userId: number,
  input: ProviderTermsInput,
): Promise<void> {
  // The provider sheet's own rules (domain/copy-input.ts), so the app refuses what this refuses.
  const { name, description, fee, minAmount: min } = parseProviderTerms(input);
  if (!name.ok) throw refused(name.error);
  if (!description.ok) throw refused(description.error);
  if (!fee.ok) throw refused(fee.error);
  if (!min.ok) throw refused(min.error);
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

/** Running copies go on until their followers stop. */
export async function unpublishProvider(deps: Pick<CopyDeps, 'db' | 'clock'>, userId: number): Promise<void> {
  if (!(await setUnpublished(deps.db, userId, deps.clock.now()))) throw new ApiError('provider_not_published');
}

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
  if (provider.unpublished_at !== null) throw new ApiError('provider_unpublished');
  if (provider.is_demo !== follower.is_demo) throw new ApiError('copy_world_mismatch');
  if (await hasRunningCopy(q, followerId, providerId)) throw new ApiError('copy_running');
  return { provider, isDemo: follower.is_demo === 1 };
}
