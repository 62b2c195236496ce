// Demo providers the house runs, so a new demo account finds someone to copy (docs/copy-trading.md "House traders").
import { dec, exactText } from '../../domain/decimal.ts';
import type { Language } from '../../domain/types.ts';
import { createUser } from '../accounts/create-user.ts';
import { findUser } from '../auth/users.ts';
import type { AppContext } from '../core/app-context.ts';
import { startRepeatingJob } from '../core/repeating-job.ts';
import { ApiError } from '../http/envelope.ts';
import { translate } from '../http/i18n.ts';
import { getAccount, move } from '../ledger/ledger.ts';
import { RecordType } from '../ledger/record-types.ts';
import { assetClassOfInstrument, offeredFor, retailTerms } from '../retail/retail-terms.ts';
import { upsertProvider } from './copy-repository.ts';
import { SeqRng, hashString } from '../market/rng.ts';

interface HouseTrader {
  key: string;
  name: string;
  /** As its description names it. */
  pair: string;
  code: string;
}

export const HOUSE_TRADERS: readonly HouseTrader[] = [
  { key: 'btc', name: 'Tickwise House BTC', pair: 'BTC/USDT', code: 'BTCUSDT' },
  { key: 'eth', name: 'Tickwise House ETH', pair: 'ETH/USDT', code: 'ETHUSDT' },
  { key: 'eur', name: 'Tickwise House EUR', pair: 'EUR/USD', code: 'EURUSD' },
];

/** An address in the reserved .invalid domain: no code sent to it is ever delivered, and no password matches ''. */
export const houseEmail = (key: string): string => `house-${key}@tickwise.invalid`;

const bioOf = (t: HouseTrader, lang: Language): string => translate(lang, 'server.house_trader_bio', { pair: t.pair });

/** The house's own words, in the reader's language; null for a provider who is not the house's. */
export function houseTraderBio(lang: Language, email: string | null): string | null {
  const t = HOUSE_TRADERS.find((h) => houseEmail(h.key) === email);
  return t ? bioOf(t, lang) : null;
}

const FUNDS = '10000';
const MIN_COPY = '1000';
const MIN_LOTS_OF_MIN_COPY = 2;
const HOUSE_EVERY_MS = 20_000;

/** From the flat trader's balance, so a copy of the minimum takes two minimum lots, and still one after a gain. */
export function houseLots(minLots: string, balance: string): string {
  const minLotsForMinCopy = dec(balance).times(MIN_LOTS_OF_MIN_COPY).div(MIN_COPY).ceil();
  return exactText(dec(minLots).times(minLotsForMinCopy.lt(1) ? 1 : minLotsForMinCopy));
}

/** At a round every 20 s: a position is held about two minutes, a flat trader opens within a minute or so. */
export function nextMove(holding: boolean, u: number, v: number): 'open-long' | 'open-short' | 'close' | 'wait' {
  if (holding) return u < 1 / 6 ? 'close' : 'wait';
  if (u < 1 / 3) return v < 0.5 ? 'open-long' : 'open-short';
  return 'wait';
}

/** Creates what is missing, never republishes: staff may unpublish or suspend a house trader like any other. */
export async function ensureHouseTraders(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const t of HOUSE_TRADERS) {
    const email = houseEmail(t.key);
    const id = await ctx.db.tx(async (q) => {
      const found = await findUser(q, 'email', email);
      if (found) return Number(found.id);
      const at = ctx.clock.now();
      const userId = await createUser(q, { passwordHash: '', isDemo: true, email }, at);
      await move(q, userId, { balance: FUNDS, type: RecordType.DEMO_FUNDS, memo: 'house trader', at });
      await upsertProvider(q, {
        userId,
        name: t.name,
        description: bioOf(t, 'en'),
        feePercent: 0,
        minAmount: MIN_COPY,
        isDemo: true,
        at,
      });
      return userId;
    });
    ids.set(t.key, id);
  }
  return ids;
}

/** One round: each trader takes its move through the engine's one gate, as a trader's order would. */
export async function houseRound(
  ctx: Pick<AppContext, 'db' | 'engine' | 'market' | 'log'>,
  ids: ReadonlyMap<string, number>,
  random: () => number,
): Promise<void> {
  for (const t of HOUSE_TRADERS) {
    const userId = ids.get(t.key);
    const quoted = ctx.market.latest(t.code);
    const inst = quoted ? ctx.engine.instrument(quoted.instrumentId) : undefined;
    if (userId === undefined || !inst) continue;
    const held = ctx.engine.book.forUser(userId).filter((o) => o.status === 1 && o.instrumentId === inst.id);
    const next = nextMove(held.length > 0, random(), random());
    try {
      if (next === 'close') for (const o of held) await ctx.engine.close(userId, o.id);
      else if (next !== 'wait' && ctx.market.isOpen(t.code)) {
        const offered = offeredFor(
          await retailTerms(ctx.db, userId),
          await assetClassOfInstrument(ctx.db, inst.id),
          inst.multiples,
        );
        // Flat, it holds nothing else: its balance is its equity.
        const lots = houseLots(inst.minLots, (await getAccount(ctx.db, userId))?.balance ?? '0');
        await ctx.engine.submit(
          userId,
          inst.id,
          {
            side: next === 'open-long' ? 'buy' : 'sell',
            lots,
            status: 1,
            targetPrice: '0',
            stopLossPrice: '0',
            takeProfitPrice: '0',
            leverage: offered.length ? Math.min(...offered) : 0,
          },
          null,
        );
      }
    } catch (err) {
      // A halt, a shut market or too little margin refuses the move as it would a trader's: the next round tries.
      if (!(err instanceof ApiError)) throw err;
      ctx.log.debug({ trader: t.key, refused: err.key }, 'house trader: move refused');
    }
  }
}

/** HOUSE_TRADERS=0 turns it off; the tests' servers run without it (their own providers are the only ones). */
export function startHouseTraders(ctx: AppContext, everyMs = HOUSE_EVERY_MS): () => Promise<void> {
  const rng = new SeqRng(hashString('house traders'));
  let ids: Map<string, number> | null = null;
  return startRepeatingJob(
    ctx,
    everyMs,
    async () => {
      ids ??= await ensureHouseTraders(ctx);
      await houseRound(ctx, ids, () => rng.next());
    },
    { failed: 'house traders: a round failed', atStart: true },
  );
}
