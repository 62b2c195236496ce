// Fictional funds (docs/contract.md §3 "Mining fund"), inserted only when missing so an operator's edits survive.
import { putFundText } from '../../funds/fund-texts.ts';
import { insertMissing, type Seeder } from './seeder.ts';
import FUNDS from './funds.json' with { type: 'json' };

const ICON = (letter: string, colour: string): string =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="${colour}"/><text x="32" y="42" font-family="Arial" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`)}`;

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
