// The database is the authority on instruments (an operator may edit them); the seeded definitions only start it.
import {
  CATEGORY_CRYPTO,
  CATEGORY_ENERGY,
  CATEGORY_FOREX,
  CATEGORY_INDICES,
  CATEGORY_METALS,
  type CategoryDef,
} from './categories.ts';
import type { AssetClass } from '../../domain/retail.ts';
import { trimZeros } from '../../domain/decimal-text.ts';
import type { Queryable } from '../db/db.ts';
import type { LiveQuote } from './market-view.ts';
import type { Category, Instrument, Language } from '../../domain/types.ts';
import { marketClassOf, type MarketClass } from './market-hours.ts';
import type { EngineInstrument } from '../engine/types.ts';

export interface InstrumentDef {
  id: number;
  code: string;
  showCode: string;
  categoryId: number;
  cls: MarketClass;
  pricePrecision: number;
  pip: string; // lot step
  minCont: string; // minimum lots
  contNum: string; // units per lot (fixed mode: USD margin per lot)
  marginMode: 1 | 2; // 1 fixed margin per lot, 2 leveraged
  multiples: number[];
  feeRate: string;
  basePrice: string; // where a fresh history ends (today's price)
  annualVol: number;
  tickHz: number; // mean ticks per second while open
  // The dealer's mark-up a new install starts with, in price steps (docs/market-data.md "Spread").
  spreadPoints: number;
}

const LEVERAGE = [10, 20, 50, 100, 200];
// Fixed-margin instruments ignore the multiplier; they offer 1 so the client's no-leverage rule does not block them.
const FIXED = [1];

/** One asset family's builder; `margin` 'fixed' is a fixed margin per lot (marginMode 1), else the leverage offered. */
function family(categoryId: number, cls: MarketClass, step: string) {
  return (
    id: number,
    code: string,
    showCode: string,
    precision: number,
    contNum: string,
    margin: 'fixed' | number[],
    feeRate: string,
    basePrice: string,
    annualVol: number,
    tickHz: number,
    spreadPoints: number,
  ): InstrumentDef => ({
    id,
    code,
    showCode,
    categoryId,
    cls,
    pricePrecision: precision,
    pip: step,
    minCont: step,
    contNum,
    marginMode: margin === 'fixed' ? 1 : 2,
    multiples: margin === 'fixed' ? FIXED : margin,
    feeRate,
    basePrice,
    annualVol,
    tickHz,
    spreadPoints,
  });
}
const fx = family(CATEGORY_FOREX, 'fx', '0.01');
const metal = family(CATEGORY_METALS, 'metal', '0.01');
const energy = family(CATEGORY_ENERGY, 'energy', '0.01');
const index = family(CATEGORY_INDICES, 'index', '0.1');
const euIndex = family(CATEGORY_INDICES, 'eu-index', '0.1');
const crypto = family(CATEGORY_CRYPTO, 'crypto', '0.01');

// Each row ends with the annual volatility, the mean ticks per second and the seeded mark-up in price steps.
// JPY-quoted pairs use 1,000 units so margin and P&L in the spec's currency-agnostic formulas stay near USD size.
export const INSTRUMENTS: readonly InstrumentDef[] = [
  fx(1, 'EURUSD', 'EUR/USD', 5, '100000', LEVERAGE, '0.002', '1.08500', 0.07, 3, 12),
  fx(2, 'GBPUSD', 'GBP/USD', 5, '100000', LEVERAGE, '0.002', '1.27000', 0.08, 2.5, 15),
  fx(3, 'USDJPY', 'USD/JPY', 3, '1000', LEVERAGE, '0.002', '151.500', 0.09, 3, 12),
  fx(4, 'AUDUSD', 'AUD/USD', 5, '100000', LEVERAGE, '0.002', '0.65500', 0.09, 2, 14),
  fx(5, 'USDCAD', 'USD/CAD', 5, '100000', LEVERAGE, '0.002', '1.36000', 0.06, 2, 18),
  fx(6, 'USDCHF', 'USD/CHF', 5, '100000', LEVERAGE, '0.002', '0.88500', 0.07, 1.5, 16),
  fx(7, 'NZDUSD', 'NZD/USD', 5, '100000', LEVERAGE, '0.002', '0.60500', 0.09, 1.5, 20),
  fx(8, 'EURGBP', 'EUR/GBP', 5, '100000', LEVERAGE, '0.002', '0.85500', 0.05, 1, 15),
  fx(9, 'EURJPY', 'EUR/JPY', 3, '1000', LEVERAGE, '0.002', '164.200', 0.09, 1.5, 20),
  fx(10, 'GBPJPY', 'GBP/JPY', 3, '1000', LEVERAGE, '0.002', '192.400', 0.1, 1.5, 30),
  fx(11, 'AUDJPY', 'AUD/JPY', 3, '1000', LEVERAGE, '0.002', '99.200', 0.11, 1, 22),
  fx(12, 'EURAUD', 'EUR/AUD', 5, '100000', LEVERAGE, '0.002', '1.65600', 0.08, 1, 25),
  // A pegged pair offered without leverage: the client shows its no-leverage message for it.
  fx(13, 'USDHKD', 'USD/HKD', 4, '100000', [], '0.002', '7.8200', 0.01, 0.5, 10),
  metal(14, 'XAUUSD', 'XAU/USD', 2, '100', LEVERAGE, '0.002', '2350.00', 0.15, 2.5, 30),
  // Fixed margin: 500 USD per lot, about ×28 leverage at ~28.5 USD/oz.
  metal(15, 'XAGUSD', 'XAG/USD', 3, '500', 'fixed', '0.003', '28.500', 0.25, 2, 30),
  metal(16, 'XPTUSD', 'XPT/USD', 2, '50', [10, 20, 50], '0.003', '980.00', 0.22, 1, 200),
  crypto(17, 'BTCUSDT', 'BTC/USDT', 2, '1', [10, 20, 50, 100], '0.001', '67250.00', 0.6, 6, 1500),
  crypto(18, 'ETHUSDT', 'ETH/USDT', 2, '10', [10, 20, 50, 100], '0.001', '3450.00', 0.7, 5, 150),
  crypto(19, 'SOLUSDT', 'SOL/USDT', 3, '100', [10, 20, 50], '0.001', '165.000', 0.9, 4, 100),
  crypto(20, 'XRPUSDT', 'XRP/USDT', 5, '10000', [10, 20, 50], '0.001', '0.52000', 0.8, 3, 50),
  crypto(21, 'DOGEUSDT', 'DOGE/USDT', 5, '10000', [10, 20], '0.001', '0.15000', 1.0, 3, 20),
  crypto(22, 'LTCUSDT', 'LTC/USDT', 2, '100', [10, 20, 50], '0.001', '85.00', 0.75, 2, 10),
  // 1 USD per point per lot
  index(23, 'US30', 'US 30', 1, '1', [10, 20, 50, 100], '0.002', '39100.0', 0.16, 2, 30),
  index(24, 'NAS100', 'NAS 100', 1, '1', [10, 20, 50, 100], '0.002', '18250.0', 0.22, 2.5, 15),
  index(25, 'SPX500', 'SPX 500', 2, '10', [10, 20, 50, 100], '0.002', '5230.00', 0.17, 2, 50),
  euIndex(26, 'GER40', 'GER 40', 1, '1', [10, 20, 50], '0.002', '18150.0', 0.18, 1.5, 15),
  // Energy. Fixed margin: 100 USD per lot of 100 barrels, about ×78 leverage at ~78 USD/bbl.
  energy(27, 'USOIL', 'WTI Oil', 2, '100', 'fixed', '0.003', '78.50', 0.35, 2, 4),
  energy(28, 'UKOIL', 'Brent Oil', 2, '100', 'fixed', '0.003', '82.70', 0.33, 1.5, 4),
  energy(29, 'NGAS', 'Natural Gas', 3, '10000', [10, 20, 50], '0.003', '2.450', 0.6, 1, 5),
];

const MAJOR_CURRENCIES = new Set(['USD', 'EUR', 'JPY', 'GBP', 'CAD', 'CHF']);
const MAJOR_MINOR = new Set(['XAUUSD', 'US30', 'NAS100', 'SPX500', 'GER40']);

/** The ESMA asset class a seeded instrument is written with (docs/retail-protection.md). */
export function assetClassOf(d: Pick<InstrumentDef, 'code' | 'cls'>): AssetClass {
  if (d.cls === 'crypto') return 'crypto';
  if (d.cls === 'fx')
    return MAJOR_CURRENCIES.has(d.code.slice(0, 3)) && MAJOR_CURRENCIES.has(d.code.slice(3, 6)) ? 'major_fx' : 'minor';
  return MAJOR_MINOR.has(d.code) ? 'minor' : 'other';
}

export const logoPath = (code: string): string => `/logos/${code.toLowerCase()}.svg`;

export interface MarketInstrument extends Omit<InstrumentDef, 'marginMode' | 'spreadPoints'> {
  logo: string;
  marginMode: number;
  sort: number;
  /** Its klines are never stored; its history is regenerated. */
  inMemory: boolean;
}

/** Instruments a caller adds at start beside the stored ones (the bench's thousands). */
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

function parseIntArray(v: number[] | string): number[] {
  if (Array.isArray(v)) return v.map(Number);
  // Text form '{10,20}' in case a driver hands arrays over unparsed.
  const inner = v.replace(/^\{|\}$/g, '').trim();
  return inner === '' ? [] : inner.split(',').map((s) => Number(s));
}

export const INSTRUMENT_COLUMNS = `i.id, i.code, i.show_code, i.logo, i.category_id, i.market_class, i.price_precision,
  i.pip, i.min_cont, i.cont_num, i.margin_mode, i.multiples, i.fee_rate, i.base_price, i.annual_vol, i.tick_hz, i.sort`;

export function instrumentFromRow(r: InstrumentRow): MarketInstrument {
  return {
    id: Number(r.id),
    code: r.code,
    showCode: r.show_code,
    logo: r.logo,
    categoryId: Number(r.category_id),
    cls: marketClassOf(r.market_class),
    pricePrecision: Number(r.price_precision),
    // As the wire shows lot sizes and rates ("0.0100" → "0.01").
    pip: trimZeros(r.pip),
    minCont: trimZeros(r.min_cont),
    contNum: trimZeros(r.cont_num),
    marginMode: Number(r.margin_mode),
    multiples: parseIntArray(r.multiples),
    feeRate: trimZeros(r.fee_rate),
    basePrice: r.base_price,
    annualVol: Number(r.annual_vol),
    tickHz: Number(r.tick_hz),
    sort: Number(r.sort),
    inMemory: false,
  };
}

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
  const { spreadPoints: _, ...def } = d;
  return { ...def, multiples: [...d.multiples], logo, sort, inMemory };
}

/** English when that language has no name. */
export async function loadCategories(q: Queryable, lang: Language): Promise<Category[]> {
  return q.query<Category>(
    `SELECT c.id AS "Id", COALESCE(l.name, e.name, '') AS "NameShowTrans" FROM categories c
     LEFT JOIN category_names l ON l.category_id = c.id AND l.lang = $1
     LEFT JOIN category_names e ON e.category_id = c.id AND e.lang = 'en'
     WHERE c.enabled AND EXISTS (SELECT 1 FROM instruments i WHERE i.category_id = c.id AND i.enabled)
     ORDER BY c.sort, c.id`,
    [lang],
  );
}

/** docs/contract.md §3 Instrument; without a quote yet it shows its base price, closed. */
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

/** Disabled instruments are loaded too, so their existing orders still show and close. */
export async function loadEngineInstruments(q: Queryable): Promise<EngineInstrument[]> {
  const rows = await q.query<InstrumentRow & { tradable: boolean }>(
    `SELECT ${INSTRUMENT_COLUMNS}, (i.enabled AND c.enabled) AS tradable
     FROM instruments i JOIN categories c ON c.id = i.category_id`,
  );
  return rows.map((r) => {
    const m = instrumentFromRow(r);
    return {
      id: m.id,
      code: m.code,
      showCode: m.showCode,
      pricePrecision: m.pricePrecision,
      pip: m.pip,
      minLots: m.minCont,
      multiples: m.multiples,
      spec: { MarginMode: m.marginMode, ForexContNum: m.contNum, ForexFeeRate: m.feeRate },
      tradable: r.tradable === true,
    };
  });
}
