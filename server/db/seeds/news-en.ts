// Fictional market commentary; figures are illustrative, not live data.
import type { NewsStory } from './news-story.ts';

const T_FX = [
  ['Pair', 'Open', 'Close', 'Change'],
  ['EUR/USD', '1.0841', '1.0872', '+0.29%'],
  ['GBP/USD', '1.2630', '1.2655', '+0.20%'],
  ['USD/JPY', '151.20', '150.64', '-0.37%'],
];
const T_METAL = [
  ['Metal', 'Week high', 'Week low', 'Close'],
  ['Gold', '2,412.5', '2,351.0', '2,398.7'],
  ['Silver', '28.95', '27.80', '28.52'],
  ['Platinum', '968', '941', '955'],
];
const T_CRYPTO = [
  ['Coin', 'Price', '24h', 'Volume (bn)'],
  ['BTC', '67,250', '+1.6%', '31.2'],
  ['ETH', '3,480', '+0.9%', '14.8'],
  ['SOL', '168.4', '-2.1%', '3.1'],
];
const LEARN = { href: 'https://www.example.com/academy', text: 'Read more in the trading academy' };

export const NEWS_EN: readonly NewsStory[] = [
  {
    slug: 'en-dollar-cpi',
    lang: 'en',
    image: 'fx-desk',
    title: 'Dollar slips as inflation cools faster than expected',
    desc: 'Softer core prices lift the euro and the pound; traders pull forward rate-cut bets.',
    heading: 'What moved',
    paras: [
      'The US dollar eased against most majors after core consumer prices rose 0.2% on the month, below the 0.3% the market had priced.',
      'Two-year yields fell nine basis points, the largest daily drop in a month, and futures now imply two cuts before year end.',
    ],
    bullets: [
      'EUR/USD broke above 1.0850 resistance',
      'USD/JPY gave back half a yen',
      'Volatility stayed below its three-month average',
    ],
    table: T_FX,
    link: LEARN,
  },
  {
    slug: 'en-gold-record',
    lang: 'en',
    image: 'gold',
    title: 'Gold holds near record as central banks keep buying',
    desc: 'Official-sector demand and lower real yields keep bullion bid above 2,350.',
    heading: 'Demand picture',
    paras: [
      'Gold spent the week in a tight range just below its record, supported by steady purchases from emerging-market central banks.',
      'Physical demand in Asia softened at these prices, but exchange-traded fund outflows have slowed for a third week.',
    ],
    bullets: [
      'Support near 2,350, resistance at 2,412',
      'Silver outperformed on industrial demand',
      'Higher margins apply to metal positions over weekends',
    ],
    table: T_METAL,
  },
  {
    slug: 'en-btc-etf',
    lang: 'en',
    image: 'crypto',
    title: 'Bitcoin steadies after a week of heavy ETF flows',
    desc: 'Spot fund inflows returned on Thursday; funding rates normalised across exchanges.',
    heading: 'Flows and positioning',
    paras: [
      'Bitcoin recovered to 67,000 after dipping below 64,000 early in the week as spot exchange-traded funds recorded net inflows again.',
      'Perpetual funding rates fell back to neutral, suggesting leveraged long positioning has been cleared out.',
    ],
    bullets: [
      'Crypto trades 24/7, including weekends',
      'Leverage on crypto is capped at 100x',
      'Price gaps can be larger outside US hours',
    ],
    table: T_CRYPTO,
    link: LEARN,
  },
  {
    slug: 'en-oil-opec',
    lang: 'en',
    image: 'energy',
    title: 'Oil rises as producers extend voluntary cuts',
    desc: 'Brent climbs above 84 dollars after the group signals discipline into next quarter.',
    heading: 'Supply outlook',
    paras: [
      'Crude prices rose for a third session after major producers said they would extend voluntary output cuts by another three months.',
      'Inventories in the US fell more than expected, adding to the bullish tone, although demand growth in Asia remains uneven.',
    ],
    bullets: ['UKOIL above 84.00', 'USOIL tracking 80.50', 'Natural gas weighed down by mild weather'],
  },
  {
    slug: 'en-indices-earnings',
    lang: 'en',
    image: 'indices',
    title: 'Tech earnings lift the Nasdaq to a fresh high',
    desc: 'Chipmakers led gains; the S&P 500 closed up 0.8% while the Dow lagged.',
    heading: 'Sector moves',
    paras: [
      'Strong results from two large chip designers pushed the NAS100 index to a record close, with semiconductors up more than 3% on the day.',
      'Defensive sectors lagged as investors rotated into growth, leaving the US30 nearly flat.',
    ],
    bullets: ['NAS100 +1.4%', 'SPX500 +0.8%', 'US30 +0.1%', 'GER40 followed higher in Europe'],
    link: { href: 'https://www.example.com/calendar', text: 'See the earnings calendar' },
  },
  {
    slug: 'en-yen-intervention',
    lang: 'en',
    image: 'fx-desk',
    title: 'Yen jumps on intervention warnings from Tokyo',
    desc: 'Officials say they are watching moves with a high sense of urgency.',
    heading: 'Why it matters',
    paras: [
      'The yen strengthened sharply after finance ministry officials warned against one-sided moves, with USD/JPY falling almost two yen in minutes.',
      'Traders recall that past interventions came after similar language, and implied volatility in the pair rose to a six-month high.',
    ],
    bullets: [
      'Use stop-loss orders in fast markets',
      'Pending orders may fill away from the target in a gap',
      'JPY pairs trade in lots of 1,000 units',
    ],
    table: T_FX,
  },
  {
    slug: 'en-ecb-decision',
    lang: 'en',
    image: 'fx-desk',
    title: 'ECB holds rates, signals patience on cuts',
    desc: 'The euro is little changed after the press conference; guidance stays data-dependent.',
    heading: 'Key points',
    paras: [
      'The European Central Bank left its deposit rate unchanged and said future decisions would depend on incoming data.',
      'Staff projections trimmed next year’s inflation forecast, which markets read as opening the door to a cut later in the year.',
    ],
    bullets: ['Deposit rate unchanged', 'Inflation forecast lowered by 0.1 point', 'EUR/GBP edged lower'],
  },
  {
    slug: 'en-risk-guide',
    lang: 'en',
    image: 'indices',
    title: 'Understanding margin, leverage and the stop-out level',
    desc: 'A short guide to how margin is calculated and when positions are closed automatically.',
    heading: 'How margin works',
    paras: [
      'Margin is the amount set aside when you open a position. For leveraged instruments it equals lots × contract size × price ÷ multiplier.',
      'If your equity falls to 50% of the margin in use, positions are closed automatically to protect your balance from going negative.',
    ],
    bullets: [
      'Fixed-margin instruments use a set amount per lot',
      'The handling fee is charged when a position opens',
      'Take-profit and stop-loss can be edited while a position is open',
    ],
    table: [
      ['Multiplier', 'Margin for 1 lot EUR/USD at 1.0850'],
      ['10x', '10,850 USD'],
      ['100x', '1,085 USD'],
      ['500x', '217 USD'],
    ],
    link: LEARN,
  },
  {
    slug: 'en-silver-solar',
    lang: 'en',
    image: 'gold',
    title: 'Silver outpaces gold on solar panel demand',
    desc: 'Industrial use now accounts for more than half of annual silver consumption.',
    heading: 'Industrial demand',
    paras: [
      'Silver rose 4% over the week, outpacing gold, as forecasts for solar installations were revised higher.',
      'The gold-to-silver ratio fell to its lowest level since the start of the year.',
    ],
    bullets: ['XAGUSD is a fixed-margin instrument', 'Ratio fell below 84', 'Mine supply growth remains flat'],
    table: T_METAL,
  },
  {
    slug: 'en-eth-upgrade',
    lang: 'en',
    image: 'crypto',
    title: 'Ether gains ahead of network upgrade',
    desc: 'Developers confirm the date; fees on the main chain have already fallen.',
    heading: 'What changes',
    paras: [
      'Ether rose 5% after developers confirmed the date of the next network upgrade, which lowers the cost of data for scaling networks.',
      'Analysts caution that upgrades are often priced in ahead of time.',
    ],
    bullets: [
      'Lower fees for layer-two networks',
      'No action needed by holders',
      'Expect higher volatility around the event',
    ],
    table: T_CRYPTO,
  },
  {
    slug: 'en-gas-weather',
    lang: 'en',
    image: 'energy',
    title: 'Natural gas falls as mild weather cuts heating demand',
    desc: 'Storage remains well above the five-year average heading into winter.',
    heading: 'Storage and weather',
    paras: [
      'Natural gas futures fell 6% on the week as forecasts pointed to a mild start of the heating season.',
      'Storage levels are about 5% above the five-year average.',
    ],
    bullets: [
      'NGAS is among the most volatile instruments',
      'Weather forecasts move prices quickly',
      'Consider smaller position sizes',
    ],
  },
  {
    slug: 'en-platform-hours',
    lang: 'en',
    image: 'fx-desk',
    title: 'Trading hours and weekend schedule',
    desc: 'Forex, metals, indices and energy close from Friday 22:00 to Sunday 22:00 UTC.',
    heading: 'Schedule',
    paras: [
      'Most markets close from Friday 22:00 to Sunday 22:00 UTC. Crypto trades around the clock, every day of the week.',
      'Pending orders stay in place over the weekend and are checked again when the market reopens.',
    ],
    bullets: [
      'Buy and sell buttons are disabled while a market is closed',
      'Open positions carry over the weekend',
      'Prices may open away from the Friday close',
    ],
    table: [
      ['Class', 'Opens (UTC)', 'Closes (UTC)'],
      ['Forex, metals', 'Sun 22:00', 'Fri 22:00'],
      ['Indices, energy', 'Sun 22:00', 'Fri 22:00'],
      ['Crypto', 'Always open', '—'],
    ],
  },
];
