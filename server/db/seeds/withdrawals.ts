// What traders can withdraw in (SPEC §3 "Withdraw currency"): coins on their networks and bank currencies, with both
// fee types. Inserted only when missing, so an operator's changes survive restarts. Only stablecoins: SPEC §5 rounds
// what the trader receives to 2 decimals, which would round a BTC payout of a few hundred USD to 0 (docs/wallet.md).
import type { Seeder } from './seeder.ts';

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
  async run(q) {
    for (const c of CURRENCIES) {
      await q.query(
        `INSERT INTO withdraw_currencies (type, code, protocol, draw_rate, fee_type, usd_price, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (type, code, protocol) DO NOTHING`,
        [c.type, c.code, c.protocol, c.draw_rate, c.fee_type, c.usd_price, c.sort],
      );
    }
  },
};
