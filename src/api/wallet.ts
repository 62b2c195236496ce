// Wallet endpoints of SPEC §7 "Funds" for the deposit side and the account history: crypto networks, bank
// currencies and accounts, coin and bank charges, the charge history, and the financial records.
// (Withdrawals and payout methods are in src/api/withdraw.ts.)
import type { Envelope } from '../domain/types.ts';
import type { BankCoin, ChargeRecord, CoinNetwork, DepositBank, Paged } from '../domain/wallet-types.ts';
import { apiGet, apiGetFull } from './client.ts';

/** One row of accountLog/forexChange (server/routes/funds.ts). */
export interface FinancialRecord {
  Id: number;
  Value: string; // signed change of the available balance
  Type: number;
  Memo: string;
  MemoTran: string;
  CreatedAtTran: string;
}

export interface RecordPage {
  list: FinancialRecord[];
  total: number;
}

export interface CoinChargeForm {
  number: string;
  proofImg: string; // the private URL image_upload returned
  address: string; // the network's address the trader sent to
  charge_id: number; // the network's id
}

export interface BankChargeForm {
  number: string;
  proofImg: string;
  wire_id: number; // the chosen bank account's id
}

export function coinNetworks(signal?: AbortSignal) {
  return apiGet<CoinNetwork[]>('/api/quickCharge/info', undefined, {}, signal);
}

export function bankCoins(signal?: AbortSignal) {
  return apiGet<BankCoin[]>('/api/quickCharge/symbols', undefined, {}, signal);
}

export function depositBanks(bankCoin: number, signal?: AbortSignal) {
  return apiGet<DepositBank[]>('/api/quickCharge/wire_info', { bank_coin: bankCoin }, {}, signal);
}

/** Coin charge; resolves the envelope so the screen toasts the server's msg (SPEC §8). */
export function submitCoinCharge(form: CoinChargeForm): Promise<Envelope<null>> {
  return apiGetFull<null>('/api/quickCharge/submit', { ...form }, { loading: true });
}

export function submitBankCharge(form: BankChargeForm): Promise<Envelope<null>> {
  return apiGetFull<null>('/api/quickCharge/wire_submit', { ...form }, { loading: true });
}

/** The trader's charges of one type (0 coin, 1 bank), 1-based pages. */
export function chargeHistory(type: 0 | 1, page: number, signal?: AbortSignal) {
  return apiGet<Paged<ChargeRecord>>('/api/quickCharge/quick_ist', { type, page }, {}, signal);
}

/** Financial records, newest first, 1-based pages. */
export function financialRecords(page: number, signal?: AbortSignal) {
  return apiGet<RecordPage>('/v1/api/main/accountLog/forexChange', { page }, {}, signal);
}
