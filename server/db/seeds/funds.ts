// Fictional funds (docs/contract.md §3 "Mining fund"), inserted only when missing so an operator's edits survive.
import { putFundText } from '../../funds/fund-texts.ts';
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
    hk: { title: '港灣穩健 7', desc: '為期一星期的USDT資金池，每日固定收益率，本金於第7日退回。' },
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
    hk: { title: '藍籌 30', desc: '以USDC投資三十日，每日收益0.5%，每日存入您的餘額。' },
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
    hk: { title: '子午增長 90', desc: '年期最長、收益率最高；提前贖回須支付金額的12%。' },
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
    hk: { title: '入門 3', desc: '由10 FDUSD起，體驗為期三日的基金。' },
  },
] as const;

export const fundsSeeder: Seeder = {
  name: 'funds',
  async run(q, now) {
    await insertMissing(
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
        liquidated_damages: f.penalty,
        sort: i + 1,
      })),
    );
    for (const f of FUNDS) {
      const texts = { en: { title: f.title, desc: f.desc }, hk: f.hk };
      for (const [lang, t] of Object.entries(texts))
        await putFundText(q, { fundTitle: f.title }, lang, { title: t.title, description: t.desc }, now, false);
    }
  },
};
