// Fictional addresses (docs/contract.md §3 "Coin deposit network"); usd_price: units of the currency one USD buys.
import { insertMissing, type Seeder } from './seeder.ts';

const NETWORKS = [
  {
    currency_code: 'USDT',
    protocol_code: 'TRC20',
    address: 'TKzxdSv2FZKQrEqkKVgp5DcwEXBEKMg2Ax',
    usd_price: '1',
    sort: 1,
  },
  {
    currency_code: 'USDT',
    protocol_code: 'ERC20',
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
    usd_price: '1',
    sort: 2,
  },
  {
    currency_code: 'USDC',
    protocol_code: 'ERC20',
    address: '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    usd_price: '1',
    sort: 3,
  },
  {
    currency_code: 'BTC',
    protocol_code: 'BTC',
    address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    usd_price: '0.00001',
    sort: 4,
  },
  {
    currency_code: 'ETH',
    protocol_code: 'ERC20',
    address: '0xde709f2102306220921060314715629080e2fb77',
    usd_price: '0.0003',
    sort: 5,
  },
] as const;

const BANK_COINS = [
  { name: 'USD', usd_price: '1', sort: 1 },
  { name: 'HKD', usd_price: '7.8', sort: 2 },
  { name: 'EUR', usd_price: '0.92', sort: 3 },
] as const;

const BANKS = [
  {
    coin: 'USD',
    bank_name: 'Harbour City Bank',
    bank_address: '88 Queensway, Admiralty, Hong Kong',
    bank_swift: 'HCBKHKHH',
    payee_name: 'Tickwise Markets Limited',
    payee_account: '012-345678-901',
    bank_remark: 'Put your user number (UID) in the transfer reference.',
  },
  {
    coin: 'USD',
    bank_name: 'Pacific Trust Bank',
    bank_address: '1 Raffles Place, Singapore 048616',
    bank_swift: 'PTBKSGSG',
    payee_name: 'Tickwise Markets Limited',
    payee_account: '7788-0099-1122',
    bank_remark: 'USD wires only.',
  },
  {
    coin: 'HKD',
    bank_name: 'Harbour City Bank',
    bank_address: '88 Queensway, Admiralty, Hong Kong',
    bank_swift: 'HCBKHKHH',
    payee_name: 'Tickwise Markets Limited',
    payee_account: '012-345678-902',
    bank_remark: 'FPS and local transfers accepted.',
  },
  {
    coin: 'EUR',
    bank_name: 'Rhein Handelsbank',
    bank_address: 'Neue Mainzer Str. 52, 60311 Frankfurt',
    bank_swift: 'RHBKDEFF',
    payee_name: 'Tickwise Markets Limited',
    payee_account: 'DE89370400440532013000',
    bank_remark: 'SEPA transfers only.',
  },
] as const;

export const depositsSeeder: Seeder = {
  name: 'deposits',
  async run(q) {
    await insertMissing(q, 'deposit_networks', ['currency_code', 'protocol_code'], NETWORKS);
    await insertMissing(q, 'deposit_bank_coins', ['name'], BANK_COINS);
    for (const b of BANKS) {
      await q.query(
        `INSERT INTO deposit_banks (bank_coin_id, bank_name, bank_address, bank_swift, payee_name, payee_account, bank_remark)
         SELECT id, $2, $3, $4, $5, $6, $7 FROM deposit_bank_coins WHERE name = $1
         ON CONFLICT (payee_account) DO NOTHING`,
        [b.coin, b.bank_name, b.bank_address, b.bank_swift, b.payee_name, b.payee_account, b.bank_remark],
      );
    }
  },
};
