// A trader's withdrawals (docs/wallet.md "Withdrawals"); an operator pays or rejects them in withdrawal-review.ts.
import { parseAmount, USD_AMOUNT } from '../../domain/amount-input.ts';
import { exactText, fixed } from '../../domain/decimal.ts';
import { trimZeros } from '../../domain/decimal-text.ts';
import { exactMoneyText } from '../../domain/format/money-text.ts';
import type { WithdrawCurrency, WithdrawRecord } from '../../domain/wallet-types.ts';
import { withdrawFee, withdrawReceive } from '../../domain/withdraw-fee.ts';
import { wireTime } from '../../domain/wire-time.ts';
import type { Requester } from '../accounts/requester.ts';
import { consumeCode, PURPOSE_WITHDRAW, verifyCode, codeAddress } from '../accounts/verification.ts';
import { checkFactor, spendFactor } from '../auth/factor-gate.ts';
import { withdrawalsFrozenAt } from '../auth/disown.ts';
import type { UserRow } from '../auth/users.ts';
import type { AppContext } from '../core/app-context.ts';
import { ApiError } from '../http/envelope.ts';
import { listPage } from '../http/paging.ts';
import { move } from '../ledger/ledger.ts';
import { RecordType } from '../ledger/record-types.ts';
import { notifyAccount } from '../notify/account-notices.ts';
import { currencyById } from './currencies.ts';
import { withdrawalsHeldUntil } from './payout-holds.ts';
import {
  enabledCurrencies,
  insertWithdrawal,
  payoutTarget,
  userWithdrawals,
  type WithdrawalRow,
} from './withdrawals-repository.ts';

export const WITHDRAWALS_PAGE_SIZE = 10;

/** Every field as the route's schema let it through. */
export interface WithdrawalForm {
  draw_currency_id?: number;
  number?: string;
  memo?: string;
  draw_method_id?: number;
  /** The second factor's code, or the e-mail/SMS code of /api/security/withdraw_code. */
  code?: string;
  /** None with a second factor. */
  key?: string;
}

export interface WithdrawalTexts {
  status(status: number): string;
  /** A request waiting for a second finance approval (docs/back-office.md "Four eyes"). */
  underReview: string;
}

const untilText = (ms: number): string => `${wireTime(ms).slice(0, 16)} UTC`;

/** Rates as plain decimals. */
export async function withdrawCurrencies(ctx: Pick<AppContext, 'db'>, type: 1 | 2): Promise<WithdrawCurrency[]> {
  const rows = await enabledCurrencies(ctx.db, type);
  return rows.map((r) => ({ ...r, draw_rate: trimZeros(r.draw_rate, 0), usd_price: trimZeros(r.usd_price, 0) }));
}

/** Refuses, changing nothing; payout holds are checked before any code is spent (docs/security.md "Payout holds"). */
export async function requestWithdrawal(
  ctx: AppContext,
  user: UserRow,
  form: WithdrawalForm,
  who: Requester,
): Promise<void> {
  // The owner's "this wasn't me" (server/auth/disown.ts) stops every withdrawal until an operator lifts it.
  if ((await withdrawalsFrozenAt(ctx.db, user.id)) > 0) throw new ApiError('withdrawals_frozen');
  const currency = form.draw_currency_id === undefined ? null : await currencyById(ctx.db, form.draw_currency_id);
  if (!currency) throw new ApiError('currency_not_found');
  // docs/contract.md §5: no saved address or account → set one up first.
  if (form.draw_method_id === undefined) throw new ApiError('collection_account_required');
  const method = await payoutTarget(ctx.db, form.draw_method_id, user.id, currency.id);
  if (!method) throw new ApiError('method_not_found');
  const parsed = parseAmount((form.number ?? '').trim(), USD_AMOUNT);
  if (!parsed.ok) throw new ApiError(parsed.error, undefined, { places: USD_AMOUNT.places, max: USD_AMOUNT.max });
  const amount = parsed.value;
  const fee = withdrawFee(amount, currency);
  const receive = withdrawReceive(amount, currency);
  if (receive.lte(0)) throw new ApiError('amount_below_fee', undefined, { fee: fixed(fee, 2) });
  const now = ctx.clock.now();
  const usableFrom = Number(method.usable_from);
  if (usableFrom > now) throw new ApiError('method_held', undefined, { until: untilText(usableFrom) });
  const heldUntil = await withdrawalsHeldUntil(ctx.db, user.id);
  if (heldUntil > now) throw new ApiError('withdrawals_held', undefined, { until: untilText(heldUntil) });
  // The code is spent in the request's transaction, so a later refusal (a short balance) spends nothing.
  const factor = await checkFactor(ctx, user.id, form.code, who.ip);
  let codeId: number | null = null;
  if (!factor) {
    if (!(form.code ?? '').trim()) throw new ApiError('withdraw_code_required');
    const to = await codeAddress(ctx, user);
    const target = { channel: to.channel, target: to.target, purpose: PURPOSE_WITHDRAW } as const;
    codeId = await verifyCode(ctx, target, form.key, form.code ?? '', now, user.id);
  }
  await ctx.db.tx(async (q) => {
    if (factor) await spendFactor(q, user.id, factor, now);
    if (codeId !== null) await consumeCode(q, codeId, now);
    const id = await insertWithdrawal(q, {
      userId: user.id,
      currency,
      amount: exactText(amount),
      fee: exactText(fee),
      receive: exactText(receive),
      target: method,
      memo: (form.memo ?? '').trim(),
      at: now,
    });
    // Refuses, rolling the insert back, when the available balance is short.
    await move(q, user.id, {
      balance: amount.neg(),
      lock: amount,
      type: RecordType.WITHDRAW_FROZEN,
      memo: `#${id} ${currency.code}`,
      at: now,
    });
  });
  const to = method.dc_address || `****${method.payee_account.slice(-4)}`;
  const deps = { db: ctx.db, notifier: ctx.notifier, log: who.log };
  const values = { amount: exactText(amount), currency: 'USD', address: to };
  await notifyAccount(deps, user.id, 'withdrawal_requested', values, who.lang);
}

function toRecord(r: WithdrawalRow, texts: WithdrawalTexts): WithdrawRecord {
  const status = r.status as WithdrawRecord['status'];
  return {
    id: Number(r.id),
    number: exactMoneyText(r.number),
    real_number: trimZeros(r.real_number, 2),
    draw_currency: { code: r.code, protocol: r.protocol },
    fee: exactMoneyText(r.fee),
    status,
    status_name: r.under_review && status === 0 ? texts.underReview : texts.status(status),
    created_at: wireTime(r.created_at),
    type: r.type === 1 ? 1 : 2,
    address: r.address,
    payee_account: r.payee_account,
    // Once rejected, the operator's reason is what the trader needs to read.
    notes: r.status === 2 && r.remark ? r.remark : r.memo,
  };
}

export function withdrawalPage(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  type: 1 | 2,
  page: number | undefined,
  texts: WithdrawalTexts,
): Promise<{ data: WithdrawRecord[]; total: number }> {
  const read = (limit: number, offset: number) => userWithdrawals(ctx.db, userId, type, limit, offset);
  return listPage(page, WITHDRAWALS_PAGE_SIZE, read, (r) => toRecord(r, texts));
}
