// /api/fund/* of SPEC §7 (all GET, as the spec lists them), with the wire types of src/domain/fund-types.ts.
import type { Fund, FundPage, IncomeItem, Subscription } from '../domain/fund-types.ts';
import { apiGet } from './client.ts';

export interface BuyResult {
  sub_id: number;
  share_amount: string;
  day_profit: string;
  balance: string;
}

export interface RefundResult {
  sub_id: number;
  status: number;
  refund: string;
  penalty: string;
}

export const fundList = (page: number): Promise<FundPage<Fund>> => apiGet('/api/fund/list', { page });
export const fundInfo = (id: number): Promise<Fund> => apiGet('/api/fund/info', { id });
export const fundBuy = (id: number, amount: string): Promise<BuyResult> => apiGet('/api/fund/buy', { id, amount });
export const subList = (page: number): Promise<FundPage<Subscription>> => apiGet('/api/fund/subList', { page });
export const insList = (subId: number, page: number): Promise<FundPage<IncomeItem>> =>
  apiGet('/api/fund/insList', { sub_id: subId, page });
export const applyRefund = (subId: number): Promise<RefundResult> => apiGet('/api/fund/applyRefund', { sub_id: subId });
