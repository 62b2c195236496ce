// docs/retail-protection.md.
import { CLIENT_CATEGORIES, isAssetClass, type ClientCategory } from '../../../domain/retail.ts';
import { fieldInvalid } from '../../http/envelope.ts';
import { computeLossFigure, lossFigureHistory } from '../../retail/loss-figure.ts';
import { clientCategoryOf, leverageCaps, setClientCategory, setLeverageCap } from '../../retail/retail-terms.ts';
import { appropriatenessOf, resetAppropriateness } from '../../retail/appropriateness.ts';
import type { OpsCommand } from '../command.ts';
import { findUser } from './users.ts';

const USER = { name: 'user', help: 'uid, e-mail, mobile number, demo id or #id' };
const MAX_REASON = 500;

export const RETAIL_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'leverage-cap-list',
    right: 'instruments',
    summary: 'The highest leverage a retail client is offered, per asset class',
    params: [],
    run: async (ctx) => Object.entries(await leverageCaps(ctx.db)).map(([asset_class, cap]) => ({ asset_class, cap })),
  },
  {
    name: 'leverage-cap-set',
    right: 'instruments',
    summary: 'Change the retail leverage cap of an asset class (major_fx, minor, other, share, crypto)',
    params: [
      { name: 'class', help: 'major_fx, minor (other FX, gold, major indices), other, share or crypto' },
      { name: 'cap', help: 'the highest leverage offered, 1 to 1000' },
    ],
    before: async (q, args) => ({
      class: args.class,
      cap: (await leverageCaps(q))[isAssetClass(args.class) ? args.class : 'other'],
    }),
    async run(ctx, args) {
      const cls = args.class;
      if (!isAssetClass(cls)) throw fieldInvalid('class');
      const cap = Number(args.cap);
      if (!/^\d{1,4}$/.test(args.cap ?? '') || cap < 1 || cap > 1000) throw fieldInvalid('cap');
      await setLeverageCap(ctx.db, cls, cap);
      return { asset_class: cls, cap };
    },
  },
  {
    name: 'client-category-set',
    right: 'users',
    summary: 'Make a client professional (full leverage) after review, retail again, or internal; with the reason',
    params: [
      USER,
      { name: 'category', help: 'retail, professional or internal (the firm’s own or a member of staff)' },
      { name: 'reason', help: 'why: the review’s outcome, kept with the client and in the audit row' },
    ],
    before: async (q, args) => {
      const user = await findUser(q, args.user);
      return { user: user.uid, ...(await clientCategoryOf(q, user.id)) };
    },
    async run(ctx, args) {
      const user = await findUser(ctx.db, args.user);
      const category = args.category as ClientCategory;
      if (!CLIENT_CATEGORIES.includes(category)) throw fieldInvalid('category');
      const reason = (args.reason ?? '').trim();
      if (reason === '' || reason.length > MAX_REASON) throw fieldInvalid('reason');
      await setClientCategory(ctx.db, user.id, category, reason);
      return { user: user.uid, category, reason };
    },
  },
  {
    name: 'loss-figure-list',
    right: 'settings',
    summary: 'The risk warning’s loss figure: each computation with its date, counts and method',
    params: [],
    run: (ctx) => lossFigureHistory(ctx.db),
  },
  {
    name: 'loss-figure-run',
    right: 'settings',
    summary: 'Compute the loss figure now (the last 12 months); the warning shows it at once',
    params: [],
    async run(ctx, _args, actor) {
      const figure = await computeLossFigure(ctx.db, ctx.clock.now(), (id) => ctx.engine.floatingOf(id), actor.name);
      return figure ?? { computed: false, why: 'no retail account traded in the last 12 months' };
    },
  },
  {
    name: 'appropriateness-show',
    right: 'users',
    summary: 'A client’s appropriateness questionnaire: answers, score, date and acknowledgement',
    params: [USER],
    async run(ctx, args) {
      const user = await findUser(ctx.db, args.user);
      return { user: user.uid, record: await appropriatenessOf(ctx.db, user.id) };
    },
  },
  {
    name: 'appropriateness-reset',
    right: 'users',
    summary: 'Clear a client’s questionnaire: they answer it again before their next real order',
    params: [USER],
    before: async (q, args) => appropriatenessOf(q, (await findUser(q, args.user)).id),
    async run(ctx, args) {
      const user = await findUser(ctx.db, args.user);
      return { user: user.uid, cleared: await resetAppropriateness(ctx.db, user.id) };
    },
  },
];
