// Each change is stored with who made it, then applied on the market writer and every gateway (DeskContext.changed).
import type { AppContext } from '../../core/app-context.ts';
import type { Queryable } from '../../db/db.ts';
import { dec, exactText } from '../../../domain/decimal.ts';
import { decimalRe } from '../../../domain/numerics/decimal-pattern.ts';
import { ApiError, fieldInvalid } from '../../http/envelope.ts';
import {
  changeDeskRule,
  SPREAD_MODES,
  type SpreadMode,
  instrumentForDesk,
  mapSymbol,
  mappingList,
  PRICE_RULES,
  recordDeskChange,
  setMappingOffset,
  SPIKE_PCT,
  spikeLimitOf,
  suspendSource,
  unmapSymbol,
  unsuspendSource,
  type PriceRule,
} from '../../market/price-desk/desk-config.ts';
import { offsetTicks } from '../../market/price-desk/tick-rules.ts';
import type { OpsCommand, OpsParam } from '../command.ts';
import type { OpsActor } from '../../staff/rights.ts';
import { textArg } from '../args.ts';

const CODE: OpsParam = { name: 'code', help: 'the instrument code, e.g. EURUSD' };
const SOURCE: OpsParam = { name: 'source', help: 'a PRICE_SOURCES name, e.g. simulator, fix, exchange, replay' };

const SOURCE_NAME = /^[a-z][a-z0-9-]{0,31}$/;
const SYMBOL = /^[\x21-\x7e]{1,64}$/;

/** A price change beyond the spike limit needs --force and is recorded (docs/market-data.md "Sanity limit"); this is
 * the limit when the instrument has none. */
export const SANE_PCT_DEFAULT = '5';

const FORCE: OpsParam = {
  name: 'force',
  help: 'confirm an offset or mark-up beyond the sanity limit (the spike limit, or 5 % of the price); recorded',
  optional: true,
  flag: true,
};

/** The CLI sends "yes"; anything but yes/true is refused. */
function forceArg(raw: string | undefined): boolean {
  if (raw === undefined) return false;
  if (raw === 'yes' || raw === 'true') return true;
  throw fieldInvalid('force');
}

/** Returns what was beyond the limit, for the record; with no live price there is nothing to judge, so it passes. */
async function checkDeskLimit(
  ctx: AppContext,
  q: Queryable,
  inst: { id: number; precision: number },
  code: string,
  change: { offset: string; source: string } | { points: number },
  force: boolean,
): Promise<string | null> {
  const live = ctx.market.latest(code)?.close;
  if (live === undefined) return null;
  const spike = await spikeLimitOf(q, inst.id);
  const pct = spike !== null && dec(spike).gt(0) ? spike : SANE_PCT_DEFAULT;
  const size = 'offset' in change ? dec(change.offset).abs() : dec(change.points).div(dec(10).pow(inst.precision));
  const limit = dec(live).times(pct).div(100);
  if (size.lte(limit)) return null;
  const said = `${'offset' in change ? 'offset' : 'mark-up'} ${exactText(size)} beyond ${pct}% of ${live}`;
  if (!force) throw new ApiError('spread.errors.beyond_limit', undefined, { change: said, limit: pct, price: live });
  return `forced: ${said}`;
}

/** One function on purpose: the place to point at an audit log. */
function recordForced(q: Queryable, at: number, by: string, command: string, detail: string): Promise<void> {
  return recordDeskChange(q, at, by, `${command} --force`, detail);
}

async function instrument(q: Queryable, code: string | undefined) {
  const inst = await instrumentForDesk(q, code ?? '');
  if (!inst) throw fieldInvalid('code');
  return inst;
}

function sourceArg(raw: string | undefined): string {
  if (!raw || !SOURCE_NAME.test(raw)) throw fieldInvalid('source');
  return raw;
}

const OFFSET = decimalRe({ whole: 12, places: 10, sign: 'either' });

/** As stored (NUMERIC) and applied (ticks). */
function offsetArg(raw: string | undefined, precision: number): string {
  const text = raw ?? '0';
  if (!OFFSET.test(text) || offsetTicks(text, precision) === null) throw fieldInvalid('offset');
  return text.replace(/^\+/, '');
}

/** A write forced past the sanity limit answers what was beyond it and is recorded as forced (recordForced). */
async function change(
  ctx: AppContext,
  actor: OpsActor,
  command: string,
  detail: string,
  write: (q: Queryable) => Promise<string | null | void>,
): Promise<{ done: string }> {
  const by = actor.name; // docs/back-office.md "The audit log"
  await ctx.db.tx(async (q) => {
    const forced = await write(q);
    if (forced) await recordForced(q, ctx.clock.now(), by, command, `${detail}: ${forced}`);
    else await recordDeskChange(q, ctx.clock.now(), by, command, detail);
  });
  ctx.log.info({ ops: command, by, detail }, 'price desk change');
  await ctx.priceDesk?.changed();
  return { done: detail };
}

export const deskSpread: OpsCommand = {
  name: 'feed-spread',
  right: 'instruments',
  summary:
    "Set an instrument's mark-up: a spread in points around the price (fixed), or added to the source's spread (widen); 0 = one price",
  params: [
    CODE,
    { name: 'points', help: 'the spread in points (price steps: 15 = 1.5 pips on EURUSD); 0 = one price, the default' },
    {
      name: 'mode',
      help: `${SPREAD_MODES.join(' or ')}: around the made price, or the source's own bid and ask widened (default fixed)`,
      optional: true,
    },
    FORCE,
  ],
  async run(ctx, args, actor) {
    const inst = await instrument(ctx.db, args.code);
    const text = args.points ?? '';
    if (!/^\d{1,6}$/.test(text)) throw fieldInvalid('points');
    const points = Number(text);
    const mode = args.mode ?? 'fixed';
    if (!(SPREAD_MODES as readonly string[]).includes(mode)) throw fieldInvalid('mode');
    const force = forceArg(args.force);
    // A fixed spread of 0 is the one-price model; a widening of 0 keeps the source's own spread.
    const spread = { mode: mode === 'fixed' && points === 0 ? null : (mode as SpreadMode), points };
    const detail = `${args.code ?? ''}: ${spread.mode === null ? 'one price' : `${mode} ${points} points`}`;
    return change(ctx, actor, 'feed-spread', detail, async (q) => {
      const over = await checkDeskLimit(ctx, q, inst, args.code ?? '', { points }, force);
      await changeDeskRule(q, inst.id, { spread });
      return over;
    });
  },
};

export const PRICE_DESK_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'feed-mappings',
    right: 'price-desk',
    summary:
      "The symbol → instrument table, with each mapping's offset (the simulator quotes unmapped instruments by code)",
    params: [],
    run: (ctx) => mappingList(ctx.db),
  },
  {
    name: 'feed-map',
    right: 'price-desk',
    summary:
      "Map a source's symbol to an instrument (replaces that source's symbol for it), with an optional fixed offset",
    params: [
      SOURCE,
      { name: 'symbol', help: "the source's own symbol, e.g. EUR/USD or BTCUSDT" },
      CODE,
      { name: 'offset', help: "added to this source's price, e.g. -0.0002 (default 0)", optional: true },
      FORCE,
    ],
    async run(ctx, args, actor) {
      const source = sourceArg(args.source);
      const symbol = args.symbol ?? '';
      if (!SYMBOL.test(symbol)) throw fieldInvalid('symbol');
      const inst = await instrument(ctx.db, args.code);
      const offset = offsetArg(args.offset, inst.precision);
      const force = forceArg(args.force);
      const detail = `${source} ${symbol} → ${args.code ?? ''} offset ${offset}`;
      return change(ctx, actor, 'feed-map', detail, async (q) => {
        const over = await checkDeskLimit(ctx, q, inst, args.code ?? '', { source, offset }, force);
        await mapSymbol(q, source, symbol, inst.id, offset);
        return over;
      });
    },
  },
  {
    name: 'feed-unmap',
    right: 'price-desk',
    summary: "Remove a source's mapping for an instrument",
    params: [SOURCE, CODE],
    async run(ctx, args, actor) {
      const source = sourceArg(args.source);
      const inst = await instrument(ctx.db, args.code);
      return change(ctx, actor, 'feed-unmap', `${source} ✕ ${args.code ?? ''}`, async (q) => {
        if (!(await unmapSymbol(q, source, inst.id))) throw new ApiError('not_found');
      });
    },
  },
  {
    name: 'feed-offset',
    right: 'price-desk',
    summary: "Set the fixed offset added to a source's price for an instrument (an LP quoting off the market shown)",
    params: [
      SOURCE,
      CODE,
      { name: 'offset', help: "e.g. 0.0003 or -1.5, at most the instrument's decimals; 0 = none" },
      FORCE,
    ],
    async run(ctx, args, actor) {
      const source = sourceArg(args.source);
      const inst = await instrument(ctx.db, args.code);
      const offset = offsetArg(args.offset, inst.precision);
      const force = forceArg(args.force);
      const detail = `${source} ${args.code ?? ''} offset ${offset}`;
      return change(ctx, actor, 'feed-offset', detail, async (q) => {
        const over = await checkDeskLimit(ctx, q, inst, args.code ?? '', { source, offset }, force);
        if (!(await setMappingOffset(q, source, inst.id, offset))) throw new ApiError('not_found');
        return over;
      });
    },
  },
  {
    name: 'feed-rule',
    right: 'instruments',
    summary: 'Set an instrument\'s price rule and its stale and spike limits ("default" restores a limit\'s default)',
    params: [
      CODE,
      { name: 'rule', help: `${PRICE_RULES.join(', ')} (default mid)`, optional: true },
      { name: 'stale-ms', help: 'no tick for this long (ms) = stale; 0 = off; default', optional: true },
      {
        name: 'spike-pct',
        help: 'a tick further than this (percent) from the last good price is held; 0 = off; default',
        optional: true,
      },
    ],
    async run(ctx, args, actor) {
      const inst = await instrument(ctx.db, args.code);
      const rule = args.rule;
      if (rule !== undefined && !(PRICE_RULES as readonly string[]).includes(rule)) throw fieldInvalid('rule');
      const stale = args['stale-ms'];
      if (stale !== undefined && stale !== 'default' && !/^\d{1,9}$/.test(stale)) throw fieldInvalid('stale-ms');
      const spike = args['spike-pct'];
      if (spike !== undefined && spike !== 'default' && !SPIKE_PCT.test(spike)) throw fieldInvalid('spike-pct');
      if (rule === undefined && stale === undefined && spike === undefined)
        throw new ApiError('field_required', undefined, { field: 'rule' });
      const said = [rule && `rule ${rule}`, stale && `stale-ms ${stale}`, spike && `spike-pct ${spike}`]
        .filter(Boolean)
        .join(', ');
      return change(ctx, actor, 'feed-rule', `${args.code ?? ''}: ${said}`, (q) =>
        changeDeskRule(q, inst.id, {
          ...(rule !== undefined ? { rule: rule as PriceRule } : {}),
          ...(stale !== undefined ? { staleMs: stale === 'default' ? null : Number(stale) } : {}),
          ...(spike !== undefined ? { spikePct: spike === 'default' ? null : spike } : {}),
        }),
      );
    },
  },
  deskSpread,
  {
    name: 'feed-halt',
    right: 'halts',
    summary: 'Halt trading on an instrument: orders are refused with the reason, which traders see',
    params: [CODE, { name: 'reason', help: 'what traders are told, e.g. "Price check with the liquidity provider"' }],
    async run(ctx, args, actor) {
      const inst = await instrument(ctx.db, args.code);
      const reason = textArg(args.reason, 'reason', true);
      return change(ctx, actor, 'feed-halt', `${args.code ?? ''}: ${reason}`, (q) =>
        changeDeskRule(q, inst.id, { haltReason: reason }),
      );
    },
  },
  {
    name: 'feed-resume',
    right: 'halts',
    summary: 'Resume trading on a halted instrument',
    params: [CODE],
    async run(ctx, args, actor) {
      const inst = await instrument(ctx.db, args.code);
      return change(ctx, actor, 'feed-resume', args.code ?? '', (q) =>
        changeDeskRule(q, inst.id, { haltReason: null }),
      );
    },
  },
  {
    name: 'feed-suspend',
    right: 'price-desk',
    summary: 'Suspend a price source: its ticks are counted but not used; its instruments fail over or go stale',
    params: [SOURCE, { name: 'reason', help: 'why (shown by the feeds command)', optional: true }],
    async run(ctx, args, actor) {
      const source = sourceArg(args.source);
      const reason = textArg(args.reason, 'reason', false) || 'suspended';
      return change(ctx, actor, 'feed-suspend', `${source}: ${reason}`, (q) => suspendSource(q, source, reason));
    },
  },
  {
    name: 'feed-unsuspend',
    right: 'price-desk',
    summary: 'Use a suspended price source again',
    params: [SOURCE],
    async run(ctx, args, actor) {
      const source = sourceArg(args.source);
      return change(ctx, actor, 'feed-unsuspend', source, (q) => unsuspendSource(q, source));
    },
  },
];
