// All GET, as docs/contract.md §7 lists them; wire types in domain/fund-types.ts.
import type { FundIncome, FundSubscription, LastPaged, Fund } from '../../domain/fund-types.ts';
import { apiGet } from './client.ts';

export const fundList = (page: number): Promise<LastPaged<Fund>> => apiGet('/api/fund/list', { page });
export const fundInfo = (id: number): Promise<Fund> => apiGet('/api/fund/info', { id });
export const fundBuy = (id: number, amount: string): Promise<null> => apiGet('/api/fund/buy', { id, amount });
export const subList = (page: number): Promise<LastPaged<FundSubscription>> => apiGet('/api/fund/subList', { page });
export const insList = (subId: number, page: number): Promise<LastPaged<FundIncome>> =>
  apiGet('/api/fund/insList', { sub_id: subId, page });
export const applyRefund = (subId: number): Promise<null> => apiGet('/api/fund/applyRefund', { sub_id: subId });
