// A copy is its own sub-account (docs/copy-trading.md "A copy is its own sub-account"): one transaction per movement.
import { dec, exactText, fixed, type Dec } from '../../domain/decimal.ts';
import { SLIPPAGE_DEFAULT, markAfterWithdrawal } from '../../domain/copy-maths.ts';
import { parseMultiplier, parseStopLoss, type Parsed } from '../../domain/copy-input.ts';
import { parseAmount, USD_AMOUNT } from '../../domain/amount-input.ts';
import { createUser } from '../accounts/create-user.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { move } from '../ledger/ledger.ts';
import { RecordType } from '../ledger/record-types.ts';
import { getSetting } from '../settings/settings.ts';
import { retailTerms } from '../retail/retail-terms.ts';
import {
  CopyStatus,
  endCopy,
  inheritRetailTerms,
  insertCopy,
  insertTransfer,
  keepShortfall,
  keptShortfall,
  lockOwnCopy,
  setCopyStatus,
  setInvested,
  type CopyRow,
} from './copy-repository.ts';
import { copyEquity, settleFee, type CopyDeps, type Equity } from './copy-fees.ts';
import { copyableProvider } from './providers.ts';

export interface StartInput {
  providerId: number;
  amount: unknown;
  multiplier?: unknown;
  stopLoss?: unknown;
  /** The provider's positions open at the start are copied too (copy-start-sync.ts). */
  copyOpen?: boolean;
}

/** Used when the setting is missing or not a positive whole number. */
export const DEFAULT_LEVERAGE_CAP = 100;

export const memoOf = (copyId: number): string => `copy #${copyId}`;

function amountOf(input: unknown): Dec {
  const a = parseAmount(input, USD_AMOUNT);
  if (!a.ok) throw new ApiError(a.error, undefined, { places: USD_AMOUNT.places, max: USD_AMOUNT.max });
  return a.value;
}

// The sheet's own rules (domain/copy-input.ts), so the app and the server refuse the same input.
function checked<T>(p: Parsed<T, string>): T {
  if (!p.ok) throw new ApiError(p.error);
  return p.value;
}

async function leverageCap(q: Queryable): Promise<number> {
  const n = Number(await getSetting(q, 'copy_leverage_cap'));
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_LEVERAGE_CAP;
}

/** Both records in the caller's transaction. */
export async function transfer(
  q: Queryable,
  copy: Pick<CopyRow, 'id' | 'follower_id' | 'account_id'>,
  amount: Dec,
  direction: 'in' | 'out',
  at: number,
): Promise<void> {
  const memo = memoOf(copy.id);
  const [from, to, out, into] =
    direction === 'in'
      ? [copy.follower_id, copy.account_id, RecordType.COPY_FUND_OUT, RecordType.COPY_FUND_IN]
      : [copy.account_id, copy.follower_id, RecordType.COPY_RETURN_OUT, RecordType.COPY_RETURN_IN];
  await move(q, from, { balance: amount.neg(), type: out, memo, at });
  await move(q, to, { balance: amount, type: into, memo, at });
}

/** Created and funded in one transaction. */
export async function startCopy(deps: CopyDeps, followerId: number, input: StartInput): Promise<number> {
  const amount = amountOf(input.amount);
  const multiplier = checked(parseMultiplier(input.multiplier));
  const stopLoss = checked(parseStopLoss(input.stopLoss));
  const at = deps.clock.now();
  return deps.db.tx(async (q) => {
    const { provider, isDemo } = await copyableProvider(q, followerId, input.providerId);
    if (amount.lt(provider.min_amount)) {
      throw new ApiError('copy_amount_below_min', undefined, { min: fixed(provider.min_amount, 2) });
    }
    // The copy trades under the follower's retail terms: a real follower owes the questionnaire first.
    if ((await retailTerms(q, followerId)).owesQuestionnaire) throw new ApiError('appropriateness_required');
    const accountId = await createUser(q, { passwordHash: '', isDemo }, at);
    await inheritRetailTerms(q, followerId, accountId);
    const shortfall = await keptShortfall(q, followerId, provider.user_id);
    const copyId = await insertCopy(q, {
      followerId,
      providerId: provider.user_id,
      accountId,
      multiplier,
      stopLossPercent: stopLoss,
      slippagePercent: SLIPPAGE_DEFAULT,
      leverageCap: await leverageCap(q),
      feePercent: provider.fee_percent,
      amount: exactText(amount),
      mark: exactText(amount.plus(shortfall)),
      copyOpen: input.copyOpen === true,
      at,
    });
    await insertTransfer(q, copyId, 'start', exactText(amount), at);
    await transfer(q, { id: copyId, follower_id: followerId, account_id: accountId }, amount, 'in', at);
    return copyId;
  });
}

export async function ownRunningCopy(q: Queryable, followerId: number, copyId: number): Promise<CopyRow> {
  const copy = await lockOwnCopy(q, followerId, copyId);
  if (!copy) throw new ApiError('copy_not_found');
  if (copy.status === CopyStatus.STOPPED) throw new ApiError('copy_not_running');
  return copy;
}

export async function addToCopy(deps: CopyDeps, followerId: number, copyId: number, input: unknown): Promise<void> {
  const amount = amountOf(input);
  const at = deps.clock.now();
  await deps.db.tx(async (q) => {
    const copy = await ownRunningCopy(q, followerId, copyId);
    await insertTransfer(q, copy.id, 'add', exactText(amount), at);
    await transfer(q, copy, amount, 'in', at);
    const plus = (v: string): string => exactText(dec(v).plus(amount));
    await setInvested(q, copy.id, plus(copy.net_invested), plus(copy.high_water_mark));
  });
}

/** The fee is settled first (period withdraw:<n>); at most the free money moves back. */
export async function withdrawFromCopy(
  deps: CopyDeps,
  followerId: number,
  copyId: number,
  input: unknown,
): Promise<void> {
  const amount = amountOf(input);
  const at = deps.clock.now();
  await deps.db.tx(async (q) => {
    const copy = await ownRunningCopy(q, followerId, copyId);
    const transferId = await insertTransfer(q, copy.id, 'withdraw', exactText(amount), at);
    const settled = await settleFee(deps, q, copy, `withdraw:${transferId}`);
    const { balance, floating, equity } = await copyEquity(deps, q, copy.account_id);
    const free = floating.lt(0) ? balance.plus(floating) : balance;
    if (amount.gt(free))
      throw new ApiError('copy_withdraw_too_much', undefined, { max: fixed(free.lt(0) ? 0 : free, 2) });
    await transfer(q, copy, amount, 'out', at);
    const mark = markAfterWithdrawal(settled?.mark ?? copy.high_water_mark, amount, equity);
    const invested = dec(copy.net_invested).minus(amount);
    await setInvested(q, copy.id, exactText(invested.lt(0) ? 0 : invested), exactText(mark));
  });
}

export async function pauseCopy(deps: CopyDeps, followerId: number, copyId: number, paused: boolean): Promise<void> {
  await deps.db.tx(async (q) => {
    const copy = await ownRunningCopy(q, followerId, copyId);
    await setCopyStatus(q, copy.id, paused ? CopyStatus.PAUSED : CopyStatus.ACTIVE);
  });
}

/** The stop's fee, then what `worth` falls short of the mark, kept against the follower's next copy of the provider. */
export async function settleStop(deps: CopyDeps, q: Queryable, copy: CopyRow, worth: keyof Equity): Promise<Equity> {
  const settled = await settleFee(deps, q, copy, 'stop');
  const figures = await copyEquity(deps, q, copy.account_id);
  const mark = dec(settled?.mark ?? copy.high_water_mark);
  const left = figures[worth];
  await keepShortfall(q, copy.follower_id, copy.provider_id, exactText(mark.gt(left) ? mark.minus(left) : 0));
  return figures;
}

/** Paused first so nothing new opens; a position that cannot close refuses the stop and the copy stays paused. */
export async function stopCopy(deps: CopyDeps, followerId: number, copyId: number, reason = 'user'): Promise<void> {
  const copy = await deps.db.tx((q) => ownRunningCopy(q, followerId, copyId));
  await endRunningCopy(deps, copy, reason);
}

/** False when the follower's own stop came first (the guard reads rows a moment old); that end stays as it is. */
export async function endRunningCopy(deps: CopyDeps, copy: CopyRow, reason: string): Promise<boolean> {
  const running = await deps.db.tx(async (q) => {
    const locked = await lockOwnCopy(q, copy.follower_id, copy.id);
    if (!locked || locked.status === CopyStatus.STOPPED) return false;
    await setCopyStatus(q, copy.id, CopyStatus.PAUSED);
    return true;
  });
  if (!running) return false;
  const closed = await deps.engine.closeAll(copy.account_id, {});
  const refused = closed.find((c) => !c.ok);
  if (refused) throw new ApiError(refused.error);
  const at = deps.clock.now();
  return deps.db.tx(async (q) => {
    const locked = await lockOwnCopy(q, copy.follower_id, copy.id);
    if (!locked || locked.status === CopyStatus.STOPPED) return false;
    const { balance } = await settleStop(deps, q, locked, 'balance');
    await insertTransfer(q, locked.id, 'stop', exactText(balance), at);
    if (balance.gt(0)) await transfer(q, locked, balance, 'out', at);
    await endCopy(q, locked.id, reason, at);
    return true;
  });
}
