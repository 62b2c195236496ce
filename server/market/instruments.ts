// The instrument catalog as the running server sees it: rows of the instruments table (plus any catalogue its
// caller adds in memory), and their docs/contract.md §3 wire shape with the live ForexQuotations.
import { trimZeros } from '../../domain/decimal-text.ts';
import type { Queryable } from '../db/db.ts';
import type { LiveQuote } from './market-view.ts';
import type { Category, Instrument, Language } from '../../domain/types.ts';
import { MARKET_CLASSES, type MarketClass } from './market-hours.ts';
import type { InstrumentDef } from './catalog.ts';
import type { CategoryDef } from './categories.ts';

export interface MarketInstrument {
  id: number;
  code: string;
  showCode: string;
  logo: string;
  categoryId: number;
  cls: MarketClass;
  pricePrecision: number;
  pip: string;
  minCont: string;
  contNum: string;
  marginMode: number;
  multiples: number[];
  feeRate: string;
  basePrice: string;
  annualVol: number;
  tickHz: number;
  sort: number;
  /** Added by the caller in memory (AddedCatalogue): its klines are never stored, its history is regenerated. */
  inMemory: boolean;
}

/** Instruments a caller adds at start beside the stored ones (the bench's thousands), with their category. */
export interface AddedCatalogue {
  category: CategoryDef;
  instruments: readonly MarketInstrument[];
}

interface InstrumentRow {
  id: number;
  code: string;
  show_code: string;
  logo: string;
  category_id: number;
  market_class: string;
  price_precision: number;
  pip: string;
  min_cont: string;
  cont_num: string;
  margin_mode: number;
  multiples: number[] | string;
  fee_rate: string;
  base_price: string;
  annual_vol: number;
  tick_hz: number;
  sort: number;
}

/** NUMERIC text without trailing zeros ("0.0100" → "0.01"), as the wire shows lot sizes and rates. */
export function plainDecimal(text: string): string {
  return trimZeros(text);
}

function parseIntArray(v: number[] | string): number[] {
  if (Array.isArray(v)) return v.map(Number);
  // Text form '{10,20}' in case a driver hands arrays over unparsed.
  const inner = v.replace(/^\{|\}$/g, '').trim();
  return inner === '' ? [] : inner.split(',').map((s) => Number(s));
}

function asClass(v: string): MarketClass {
  return (MARKET_CLASSES as readonly string[]).includes(v) ? (v as MarketClass) : 'fx';
}

/** Columns of an instruments row aliased `i` (e.g. for the trading engine's own queries). */
export const INSTRUMENT_COLUMNS = `i.id, i.code, i.show_code, i.logo, i.category_id, i.market_class, i.price_precision,
  i.pip, i.min_cont, i.cont_num, i.margin_mode, i.multiples, i.fee_rate, i.base_price, i.annual_vol, i.tick_hz, i.sort`;

export function instrumentFromRow(r: InstrumentRow): MarketInstrument {
  return {
    id: Number(r.id),
    code: r.code,
    showCode: r.show_code,
    logo: r.logo,
    categoryId: Number(r.category_id),
    cls: asClass(r.market_class),
    pricePrecision: Number(r.price_precision),
    pip: plainDecimal(r.pip),
    minCont: plainDecimal(r.min_cont),
    contNum: plainDecimal(r.cont_num),
    marginMode: Number(r.margin_mode),
    multiples: parseIntArray(r.multiples),
    feeRate: plainDecimal(r.fee_rate),
    basePrice: r.base_price,
    annualVol: Number(r.annual_vol),
    tickHz: Number(r.tick_hz),
    sort: Number(r.sort),
    inMemory: false,
  };
}

/** Enabled instruments in display order (category order, then sort, then id). */
export async function loadInstruments(q: Queryable): Promise<MarketInstrument[]> {
  const rows = await q.query<InstrumentRow>(
    `SELECT ${INSTRUMENT_COLUMNS} FROM instruments i
     JOIN categories c ON c.id = i.category_id
     WHERE i.enabled AND c.enabled
     ORDER BY c.sort, i.sort, i.id`,
  );
  return rows.map(instrumentFromRow);
}

export function instrumentFromDef(d: InstrumentDef, logo: string, sort: number, inMemory: boolean): MarketInstrument {
  return {
    id: d.id,
    code: d.code,
    showCode: d.showCode,
    logo,
    categoryId: d.categoryId,
    cls: d.cls,
    pricePrecision: d.pricePrecision,
    pip: d.pip,
    minCont: d.minCont,
    contNum: d.contNum,
    marginMode: d.marginMode,
    multiples: [...d.multiples],
    feeRate: d.feeRate,
    basePrice: d.basePrice,
    annualVol: d.annualVol,
    tickHz: d.tickHz,
    sort,
    inMemory,
  };
}

/** Categories with NameShowTrans in `lang` (English when that language has no name). */
export async function loadCategories(q: Queryable, lang: Language): Promise<Category[]> {
  const rows = await q.query<{ id: number; name: string }>(
    `SELECT c.id, COALESCE(l.name, e.name, '') AS name FROM categories c
     LEFT JOIN category_names l ON l.category_id = c.id AND l.lang = $1
     LEFT JOIN category_names e ON e.category_id = c.id AND e.lang = 'en'
     WHERE c.enabled AND EXISTS (SELECT 1 FROM instruments i WHERE i.category_id = c.id AND i.enabled)
     ORDER BY c.sort, c.id`,
    [lang],
  );
  return rows.map((r) => ({ Id: Number(r.id), NameShowTrans: r.name }));
}

/** docs/contract.md §3 Instrument with the live quote (a market without a quote yet shows its base price, closed). */
export function toWireInstrument(inst: MarketInstrument, quote: LiveQuote | undefined): Instrument {
  const q = quote ?? {
    open: inst.basePrice,
    high: inst.basePrice,
    low: inst.basePrice,
    close: inst.basePrice,
    change: '0.00',
    time: 0,
    status: 0 as const,
  };
  return {
    Id: inst.id,
    Code: inst.code,
    ShowCode: inst.showCode,
    Logo: inst.logo,
    CategoryId: inst.categoryId,
    MarketStatus: q.status,
    PricePrecision: inst.pricePrecision,
    Pip: inst.pip,
    ForexMinCont: inst.minCont,
    ForexContNum: inst.contNum,
    MarginMode: inst.marginMode,
    HasForexMultiple: inst.multiples.map((Value) => ({ Value })),
    ForexFeeRate: inst.feeRate,
    ForexQuotations: { Open: q.open, Close: q.close, Change: q.change, High: q.high, Low: q.low, Time: q.time },
  };
}
