// The fixed-term funds on offer (docs/contract.md §3 "Mining fund"): fictional products in USD stablecoins with different
// terms. Inserted only when missing, so an operator's edits survive restarts.
import { insertMissing, type Seeder } from './seeder.ts';

const ICON = (letter: string, colour: string): string =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="${colour}"/><text x="32" y="42" font-family="Arial" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`)}`;

const FUNDS = [
  {
    title: 'Harbour Stable 7',
    currency: 'USDT',
    days: 7,
    pct: '0.35',
    min: '100',
    max: '50000',
    penalty: '5',
    colour: '#2b64f5',
    desc: 'A one-week USDT pool with a fixed daily rate. The principal returns on day 7.',
  },
  {
    title: 'Blue Chip 30',
    currency: 'USDC',
    days: 30,
    pct: '0.5',
    min: '500',
    max: '100000',
    penalty: '8',
    colour: '#0f9d58',
    desc: 'Thirty days in USDC at 0.5 % a day, paid daily to your balance.',
  },
  {
    title: 'Meridian Growth 90',
    currency: 'USD',
    days: 90,
    pct: '0.8',
    min: '1000',
    max: '200000',
    penalty: '12',
    colour: '#e8710a',
    desc: 'Our longest term and highest rate; early redemption costs 12 % of the amount.',
  },
  {
    title: 'Starter 3',
    currency: 'FDUSD',
    days: 3,
    pct: '0.2',
    min: '10',
    max: '2000',
    penalty: '2',
    colour: '#7b1fa2',
    desc: 'Try a fund for three days from 10 FDUSD.',
  },
] as const;

export const fundsSeeder: Seeder = {
  name: 'funds',
  run: (q) =>
    insertMissing(
      q,
      'funds',
      ['title'],
      FUNDS.map((f, i) => ({
        title: f.title,
        image: ICON(f.title.charAt(0), f.colour),
        currency_code: f.currency,
        lock_dividend_days: f.days,
        dividend_percentage: f.pct,
        staring_sub_amount: f.min,
        max_sub_amount: f.max,
        description: f.desc,
        liquidated_damages: f.penalty,
        sort: i + 1,
      })),
    ),
};
