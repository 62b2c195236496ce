import type { FundIncome, FundSubscription, Fund } from '../../../domain/fund-types.ts';
import { servedLang } from './content.ts';
import type {
  BankCoin,
  ChargeRecord,
  FinancialRecord,
  ForexDetail,
  CoinNetwork,
  DepositBank,
  RealNameCenter,
  WithdrawCurrency,
  WithdrawMethod,
  WithdrawRecord,
} from '../../../domain/wallet-types.ts';
import type { Balance } from '../../../domain/types.ts';
import {
  decimal,
  enumOf,
  integer,
  listOf,
  listShape,
  nullable,
  pagedShape,
  recordTime,
  shape,
  text,
} from '../wire-schema.ts';

export const BALANCE = shape<Balance>('Balance', { balance: decimal, lock_balance: decimal, margin: decimal }, [
  'margin',
]);

export const FOREX_DETAIL = shape<ForexDetail>('ForexDetail', {
  currency: enumOf('USD'),
  balance: decimal,
  lock_balance: decimal,
  margin: decimal,
  floating: decimal,
  equity: decimal,
  risk_rate: nullable(decimal),
  margin_call_level: decimal,
});

export const FINANCIAL_RECORDS = shape<{ list: FinancialRecord[]; total: number }>('FinancialRecords', {
  list: listShape<FinancialRecord>('FinancialRecord', {
    Id: integer,
    Value: decimal,
    Type: integer,
    Memo: text,
    MemoTran: text,
    CreatedAtTran: recordTime,
  }),
  total: integer,
});

export const COIN_NETWORKS = listShape<CoinNetwork>('CoinNetwork', {
  id: integer,
  currency_code: text,
  protocol_code: text,
  address: text,
});

export const BANK_COINS = listShape<BankCoin>('BankCoin', { id: integer, name: text, usd_price: decimal });

export const DEPOSIT_BANKS = listShape<DepositBank>('DepositBank', {
  id: integer,
  bank_name: text,
  bank_address: text,
  bank_swift: text,
  payee_name: text,
  payee_account: text,
  bank_remark: text,
});

export const CHARGES = pagedShape<ChargeRecord>('ChargePage', 'ChargeRecord', {
  id: integer,
  number: decimal,
  type: enumOf(0, 1),
  currency_code: text,
  credited: { anyOf: [decimal, { const: '' }] },
  status: enumOf(0, 1, 2, 3),
  created_at: recordTime,
  remark: text,
});

export const WITHDRAW_CURRENCIES = listShape<WithdrawCurrency>('WithdrawCurrency', {
  id: integer,
  code: text,
  protocol: text,
  draw_rate: decimal,
  fee_type: integer,
  usd_price: decimal,
});

export const WITHDRAW_METHODS = listShape<WithdrawMethod>('WithdrawMethod', {
  id: integer,
  type: enumOf(1, 2),
  dc_address: text,
  bank_name: text,
  bank_address: text,
  bank_swift: text,
  branch_name: text,
  payee_name: text,
  payee_account: text,
  remark: text,
  draw_currency: shape<WithdrawMethod['draw_currency']>('DrawCurrency', { id: integer, code: text, protocol: text }),
  usable_from: integer,
  held_until: integer,
});

export const WITHDRAWALS = pagedShape<WithdrawRecord>('WithdrawPage', 'WithdrawRecord', {
  id: integer,
  number: decimal,
  real_number: decimal,
  draw_currency: shape<WithdrawRecord['draw_currency']>('DrawCurrencyName', { code: text, protocol: text }),
  fee: decimal,
  status: enumOf(0, 1, 2),
  status_name: text,
  created_at: recordTime,
  type: enumOf(1, 2),
  address: text,
  payee_account: text,
  notes: text,
});

export const REAL_NAME_CENTER = shape<RealNameCenter>('RealNameCenter', {
  review_status: enumOf(0, 1, 2),
  name: text,
  card_id: text,
  front_pic: text,
  reverse_pic: text,
  reason: text,
});

export const UPLOADED = shape<{ url: string }>('Uploaded', { url: text });

export const FUND = shape<Fund>('Fund', {
  id: integer,
  lang: servedLang,
  title: text,
  image: text,
  currency_code: text,
  lock_dividend_days: integer,
  dividend_percentage: decimal,
  staring_sub_amount: decimal,
  max_sub_amount: decimal,
  desc: text,
  liquidated_damages: decimal,
});

const lastPaged = (title: string, item: Record<string, unknown>) =>
  shape<{ data: unknown; last_page: number }>(title, { data: listOf(item), last_page: integer });

export const FUND_PAGES = lastPaged('FundPage', FUND);

export const SUBSCRIPTIONS = lastPaged(
  'SubscriptionPage',
  shape<FundSubscription>('FundSubscription', {
    id: integer,
    status: enumOf(1, 2, 3, 4),
    share_amount: decimal,
    sub_time: recordTime,
    day_profit: decimal,
    sum_profit: decimal,
    paid_days: integer,
    get_fund: FUND,
  }),
);

export const INCOMES = lastPaged(
  'IncomePage',
  shape<FundIncome>('FundIncome', { id: integer, interest: decimal, created_at: recordTime }),
);
