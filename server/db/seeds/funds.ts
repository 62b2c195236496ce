// The fixed-term funds on offer (SPEC §3 Mining fund): different currencies, terms, rates, limits and penalties.
// Inserted once by title; an operator's later edits are kept.
import type { Seeder } from './seeder.ts';
import { initialsLogo } from './companies.ts';

interface FundSeed {
  title: string;
  currency_code: string;
  lock_dividend_days: number;
  dividend_percentage: string;
  staring_sub_amount: string;
  max_sub_amount: string;
  liquidated_damages: string;
  desc: string;
  initials: string;
  colour: string;
}

const FUNDS: readonly FundSeed[] = [
  {
    title: 'Starter 7-day', currency_code: 'USDT', lock_dividend_days: 7, dividend_percentage: '0.5',
    staring_sub_amount: '100', max_sub_amount: '5000', liquidated_damages: '5',
    desc: 'A one-week term for a first try: 0.5 % of the amount every day, the principal back after 7 days.',
    initials: '7D', colour: '#0f9d58',
  },
  {
    title: 'Steady 15-day', currency_code: 'USD', lock_dividend_days: 15, dividend_percentage: '0.8',
    staring_sub_amount: '500', max_sub_amount: '20000', liquidated_damages: '8',
    desc: 'Two weeks at 0.8 % a day, paid daily; redeeming early costs 8 % of the amount.',
    initials: '15', colour: '#1f6feb',
  },
  {
    title: 'Growth 30-day', currency_code: 'USDC', lock_dividend_days: 30, dividend_percentage: '1.2',
    staring_sub_amount: '1000', max_sub_amount: '50000', liquidated_damages: '10',
    desc: 'A month at 1.2 % a day for larger amounts; the principal returns at the end of the term.',
    initials: '30', colour: '#e8710a',
  },
  {
    title: 'Premium 90-day', currency_code: 'USDT', lock_dividend_days: 90, dividend_percentage: '1.75',
    staring_sub_amount: '5000', max_sub_amount: '200000', liquidated_damages: '15',
    desc: 'Three months at 1.75 % a day; the highest rate, the highest early-redemption penalty.',
    initials: '90', colour: '#7b1fa2',
  },
  {
    title: 'Flexible 3-day', currency_code: 'USD', lock_dividend_days: 3, dividend_percentage: '0.25',
    staring_sub_amount: '10', max_sub_amount: '1000', liquidated_damages: '1.5',
    desc: 'A short three-day term from 10 with a small penalty for leaving early.',
    initials: '3D', colour: '#c62828',
  },
];

export const fundsSeeder: Seeder = {
  name: 'funds',
  async run(q) {
    for (const [i, f] of FUNDS.entries()) {
      await q.query(
        `INSERT INTO funds (title, image, currency_code, lock_dividend_days, dividend_percentage, staring_sub_amount,
           max_sub_amount, "desc", liquidated_damages, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (title) DO NOTHING`,
        [f.title, initialsLogo(f.initials, f.colour), f.currency_code, f.lock_dividend_days, f.dividend_percentage,
          f.staring_sub_amount, f.max_sub_amount, f.desc, f.liquidated_damages, i + 1],
      );
    }
  },
};
