// docs/back-office.md "The dealer's view": from the engine's memory, never a scan of the orders table; demo excluded.
import { dec, exactText, fixed, type Dec } from '../../domain/decimal.ts';
import { moneyText } from '../../domain/format/money-text.ts';
import type { AccountTags } from './account-tags.ts';
import type { EngineIndex } from './index-types.ts';
import type { KnownInstruments } from './known-instruments.ts';
import type { OrderBook } from './order-book.ts';
import type { EngineInstrument } from './types.ts';

export const BOOK_VIEW_TTL_MS = 1000;
export const TOP_ACCOUNTS = 20;

export interface InstrumentExposure {
  instrument_id: number;
  code: string;
  positions: number;
  long_lots: string;
  short_lots: string;
  net_lots: string; // long − short: what the house is short of when positive
  net_usd: string; // net lots × units per lot × the live price
  long_avg_price: string; // lot-weighted; "" with no long lots
  short_avg_price: string;
  price: string; // the live price, "" when none
  house_floating: string; // − the traders' floating P&L on the instrument
}

export interface AccountExposure {
  uid: string;
  email: string;
  positions: number;
  exposure_usd: string; // gross: Σ |lots| × units per lot × price
  floating: string; // the account's floating P&L (the trader's side)
}

export interface BookView {
  at: number;
  positions: number;
  instruments: InstrumentExposure[];
  top_by_exposure: AccountExposure[];
  top_by_floating: AccountExposure[];
  house_floating: string;
}

class Acc {
  positions = 0;
  long = dec(0);
  short = dec(0);
  longValue = dec(0); // Σ lots × open price
  shortValue = dec(0);
  traderFloating = dec(0);
}

/** The engine's own parts, read as they stand. */
export interface BookParts {
  book: OrderBook;
  tags: AccountTags;
  instruments: KnownInstruments;
  index: EngineIndex;
}

export function computeBookView({ book, tags, instruments: known, index }: BookParts, at: number): BookView {
  // The bid the chart draws, as OrderEngine.currentPrice answers.
  const currentPrice = (inst: EngineInstrument) => known.currentSides(inst)?.bid ?? null;
  const byInst = new Map<number, Acc>();
  const accounts: Array<AccountExposure & { exposure: Dec; floatingDec: Dec }> = [];
  let positions = 0;
  for (const userId of book.users()) {
    const tag = tags.get(userId);
    if (tag?.demo) continue;
    let exposure = dec(0);
    let count = 0;
    for (const o of book.forUser(userId)) {
      if (o.status !== 1) continue;
      const inst = known.get(o.instrumentId);
      if (!inst) continue;
      count += 1;
      let a = byInst.get(o.instrumentId);
      if (!a) byInst.set(o.instrumentId, (a = new Acc()));
      a.positions += 1;
      if (o.side === 'buy') {
        a.long = a.long.plus(o.quantity);
        a.longValue = a.longValue.plus(o.quantity.times(o.price));
      } else {
        a.short = a.short.plus(o.quantity);
        a.shortValue = a.shortValue.plus(o.quantity.times(o.price));
      }
      a.traderFloating = a.traderFloating.plus(index.floatingOfOrder(o.id) ?? 0);
      const p = currentPrice(inst) ?? o.price;
      exposure = exposure.plus(o.quantity.times(dec(inst.spec.ForexContNum)).times(p));
    }
    if (count === 0) continue;
    positions += count;
    const floatingDec = dec(index.floatingOf(userId));
    accounts.push({
      uid: tag?.uid ?? '',
      email: tag?.email ?? '',
      positions: count,
      exposure_usd: moneyText(exposure),
      floating: moneyText(floatingDec),
      exposure,
      floatingDec,
    });
  }
  let house = dec(0);
  const instruments: InstrumentExposure[] = [];
  for (const [id, a] of byInst) {
    const inst = known.get(id);
    if (!inst) continue;
    const p = currentPrice(inst);
    const net = a.long.minus(a.short);
    const pp = inst.pricePrecision;
    house = house.minus(a.traderFloating);
    instruments.push({
      instrument_id: id,
      code: inst.code,
      positions: a.positions,
      long_lots: exactText(a.long),
      short_lots: exactText(a.short),
      net_lots: exactText(net),
      net_usd: p ? moneyText(net.times(dec(inst.spec.ForexContNum)).times(p)) : '',
      long_avg_price: a.long.isZero() ? '' : fixed(a.longValue.div(a.long), pp),
      short_avg_price: a.short.isZero() ? '' : fixed(a.shortValue.div(a.short), pp),
      price: p ? fixed(p, pp) : '',
      house_floating: moneyText(a.traderFloating.neg()),
    });
  }
  instruments.sort((x, y) => x.code.localeCompare(y.code));
  const strip = ({ exposure: _e, floatingDec: _f, ...rest }: (typeof accounts)[number]): AccountExposure => rest;
  const byExposure = [...accounts].sort((x, y) => y.exposure.cmp(x.exposure) || x.uid.localeCompare(y.uid));
  const byFloating = [...accounts].sort((x, y) => y.floatingDec.cmp(x.floatingDec) || x.uid.localeCompare(y.uid));
  return {
    at,
    positions,
    instruments,
    top_by_exposure: byExposure.slice(0, TOP_ACCOUNTS).map(strip),
    top_by_floating: byFloating.slice(0, TOP_ACCOUNTS).map(strip),
    house_floating: moneyText(house),
  };
}
