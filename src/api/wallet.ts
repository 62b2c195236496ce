// Wire types: domain/wallet-types.ts.
import type {
  BankCoin,
  ChargeRecord,
  CoinNetwork,
  DepositBank,
  FinancialRecord,
  RealNameCenter,
  WithdrawCurrency,
  WithdrawMethod,
  WithdrawRecord,
} from '../../domain/wallet-types.ts';
import type { Paged } from '../../domain/content-types.ts';
import { apiGet, apiGetFull, apiPostFull, type CallOptions } from './client.ts';

export async function financialRecords(page: number): Promise<Paged<FinancialRecord>> {
  const res = await apiGet<{ list: FinancialRecord[]; total: number }>('/v1/api/main/accountLog/forexChange', { page });
  return { data: res.list, total: res.total };
}

export const coinNetworks = () => apiGet<CoinNetwork[]>('/api/quickCharge/info');
export const bankCoins = () => apiGet<BankCoin[]>('/api/quickCharge/symbols');
export const depositBanks = (bankCoin: number) =>
  apiGet<DepositBank[]>('/api/quickCharge/wire_info', { bank_coin: bankCoin });

export const submitCoinCharge = (f: { number: string; proofImg: string; address: string; charge_id: number }) =>
  apiGetFull<null>('/api/quickCharge/submit', f, { loading: true });

export const submitBankCharge = (f: { number: string; proofImg: string; wire_id: number }) =>
  apiGetFull<null>('/api/quickCharge/wire_submit', f, { loading: true });

export const chargeHistory = (type: 0 | 1, page: number) =>
  apiGet<Paged<ChargeRecord>>('/api/quickCharge/quick_ist', { type, page });

export const withdrawCurrencies = (type: 1 | 2) =>
  apiGet<WithdrawCurrency[]>('/api/account/draw_symbol_list', { type });

export const submitWithdrawal = (f: {
  draw_currency_id: number;
  number: string;
  memo: string;
  draw_method_id: number;
  /** The second factor's code, or requestWithdrawCode's e-mail/SMS code with its key. */
  code?: string;
  key?: string | undefined;
}) => apiPostFull<null>('/api/account/draw', f, { loading: true });

export const withdrawHistory = (type: 1 | 2, page: number) =>
  apiGet<Paged<WithdrawRecord>>('/api/account/draw_list', { type, page });

export const payoutMethods = (type: 1 | 2, currencyId?: number) =>
  apiGet<WithdrawMethod[]>('/api/wallet/get_draw_method', { draw_type: type, draw_id: currencyId });

export interface BindForm {
  draw_id: number;
  type: 1 | 2;
  dc_address?: string;
  bank_name?: string;
  bank_address?: string;
  bank_swift?: string;
  branch_name?: string;
  payee_name?: string;
  payee_account?: string;
  remark?: string;
  code?: string;
}

export const bindPayoutMethod = (f: BindForm) =>
  apiPostFull<null>('/api/wallet/bind_draw_method', { ...f }, { loading: true });
export const deletePayoutMethod = (id: number, code?: string) =>
  apiPostFull<null>('/api/wallet/del_draw_method', { id, code: code || undefined }, { loading: true });

export const realNameCenter = (opts?: CallOptions) => apiGet<RealNameCenter>('/api/user_real/center', undefined, opts);
export const submitRealName = (
  f: { name: string; card_id: string; front_pic: string; reverse_pic: string },
  opts: CallOptions = {},
) => apiPostFull<null>('/api/user_real/real_name', f, { loading: true, ...opts });
