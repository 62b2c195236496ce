// Only stablecoins: docs/contract.md §5 rounds payouts to 2 decimals, zeroing a small BTC payout (docs/wallet.md).
import { insertMissing, type Seeder } from './seeder.ts';

const CURRENCIES = [
  { type: 1, code: 'USDT', protocol: 'TRC20', draw_rate: '1', fee_type: 1, usd_price: '1', sort: 1 },
  { type: 1, code: 'USDT', protocol: 'ERC20', draw_rate: '5', fee_type: 1, usd_price: '1', sort: 2 },
  { type: 1, code: 'USDC', protocol: 'ERC20', draw_rate: '0.5', fee_type: 2, usd_price: '1', sort: 3 },
  { type: 2, code: 'USD', protocol: '', draw_rate: '25', fee_type: 1, usd_price: '1', sort: 1 },
  { type: 2, code: 'HKD', protocol: '', draw_rate: '0.2', fee_type: 2, usd_price: '7.8', sort: 2 },
  { type: 2, code: 'EUR', protocol: '', draw_rate: '0.3', fee_type: 2, usd_price: '0.92', sort: 3 },
] as const;

export const withdrawalsSeeder: Seeder = {
  name: 'withdrawals',
  run: (q) => insertMissing(q, 'withdraw_currencies', ['type', 'code', 'protocol'], CURRENCIES),
};
