// docs/back-office.md "The dealer's view".
import { absorbedSummary } from '../../ledger/house-book.ts';
import { marginCallLevelText, setMarginCallLevel } from '../../engine/margin-call-level.ts';
import { fieldInvalid } from '../../http/envelope.ts';
import { setSwapTerms } from '../../swaps/swap-terms.ts';
import { swapTermsList } from '../../swaps/swap-repository.ts';
import type { OpsCommand } from '../command.ts';
import { DAY_MS } from '../../../domain/time.ts';

export const book: OpsCommand = {
  name: 'book',
  right: 'instruments',
  live: true,
  summary:
    "Open positions of real accounts by instrument: long/short lots, net lots and USD, average prices, the house's floating P&L",
  params: [],
  run: async (ctx) => (await ctx.engine.bookView(ctx.db)).instruments,
};

export const bookTop: OpsCommand = {
  name: 'book-top',
  right: 'instruments',
  live: true,
  summary: 'The top 20 real accounts (UID, e-mail) by exposure (gross USD) or by floating P&L',
  params: [{ name: 'by', help: 'exposure (default) or floating', optional: true }],
  async run(ctx, args) {
    const by = args.by || 'exposure';
    if (by !== 'exposure' && by !== 'floating') throw fieldInvalid('by');
    const view = await ctx.engine.bookView(ctx.db);
    return by === 'exposure' ? view.top_by_exposure : view.top_by_floating;
  },
};

export const bookAbsorbed: OpsCommand = {
  name: 'book-absorbed',
  right: 'instruments',
  live: true,
  summary:
    'Losses the house absorbed under negative-balance protection (real accounts): total, today (UTC) and the latest 20',
  params: [],
  async run(ctx) {
    const now = ctx.clock.now();
    return absorbedSummary(ctx.db, now - (now % DAY_MS), 20);
  },
};

export const swapList: OpsCommand = {
  name: 'swap-list',
  right: 'instruments',
  summary: "Each instrument's swap terms (instruments not listed charge no swap)",
  params: [],
  run: (ctx) => swapTermsList(ctx.db),
};

export const swapSet: OpsCommand = {
  name: 'swap-set',
  right: 'instruments',
  summary: 'Set an instrument’s swap: long and short rate per night, points or percent a year, rollover, triple day',
  params: [
    { name: 'code', help: 'the instrument code, e.g. EURUSD' },
    { name: 'long', help: 'long (buy) rate per night; negative = the trader pays', optional: true },
    { name: 'short', help: 'short (sell) rate per night', optional: true },
    {
      name: 'mode',
      help: 'points (per lot, in price steps) or percent (a year of the value); default points',
      optional: true,
    },
    { name: 'time', help: 'rollover wall-clock time HH:MM (default 17:00)', optional: true },
    { name: 'zone', help: 'its time zone (default America/New_York: daylight saving follows it)', optional: true },
    { name: 'triple', help: 'the day charged three nights: mon … sun (default wed)', optional: true },
  ],
  // docs/back-office.md "The audit log"
  run: (ctx, args, actor) => setSwapTerms(ctx.db, { ...args, by: actor.name }, ctx.clock.now()),
};

export const marginCallLevelCommand: OpsCommand = {
  name: 'margin-call-level',
  right: 'instruments',
  summary: 'Show or set the margin-call level (percent risk rate, above the 50 % stop-out; default 100)',
  params: [{ name: 'level', help: 'the new level in percent, e.g. 120', optional: true }],
  async run(ctx, args) {
    if (args.level) await setMarginCallLevel(ctx.db, args.level);
    return { level: await marginCallLevelText(ctx.db) };
  },
};

export const BOOK_COMMANDS: readonly OpsCommand[] = [
  book,
  bookTop,
  bookAbsorbed,
  swapList,
  swapSet,
  marginCallLevelCommand,
];
