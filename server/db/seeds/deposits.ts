// Fictional addresses (docs/contract.md §3 "Coin deposit network"); usd_price: units of the currency one USD buys.
import deposits from './deposits.json' with { type: 'json' };
import { insertMissing, type Seeder } from './seeder.ts';

export const depositsSeeder: Seeder = {
  name: 'deposits',
  async run(q) {
    await insertMissing(q, 'deposit_networks', ['currency_code', 'protocol_code'], deposits.networks);
    await insertMissing(q, 'deposit_bank_coins', ['name'], deposits.bank_coins);
    for (const b of deposits.banks) {
      await q.query(
        `INSERT INTO deposit_banks (bank_coin_id, bank_name, bank_address, bank_swift, payee_name, payee_account, bank_remark)
         SELECT id, $2, $3, $4, $5, $6, $7 FROM deposit_bank_coins WHERE name = $1
         ON CONFLICT (payee_account) DO NOTHING`,
        [b.coin, b.bank_name, b.bank_address, b.bank_swift, b.payee_name, b.payee_account, b.bank_remark],
      );
    }
  },
};
