import type { FastifyInstance } from 'fastify';
import { CHART_PERIODS, type Instrument, type KlineBar, type Language, type Period } from '../../domain/types.ts';
import type { AppContext, RouteModule } from '../core/app-context.ts';
import { ApiError, fieldInvalid, ok } from '../http/envelope.ts';
import { pickLanguage, translate } from '../http/i18n.ts';
import { instrumentNameKey, matchesInstrument } from '../../domain/instrument-search.ts';
import { int, query, str } from '../http/schemas.ts';
import { toWireBar } from '../market/bars.ts';
import { loadCategories, toWireInstrument, type MarketInstrument } from '../market/instrument-catalogue.ts';
import type { MarketService } from '../market/market-service.ts';
import { ticksToNumber } from '../market/price-ticks.ts';
import { CATEGORIES, INSTRUMENTS, KLINE_BARS, SPARKLINES } from '../http/wire/trading.ts';
import { publicRead, enumOf } from '../http/wire-schema.ts';

const TAGS = ['Market'];

const DEFAULT_KLINE_LIMIT = 600;
const MAX_KLINE_LIMIT = 2000;
const MAX_TIME = 99_999_999_999; // epoch seconds; bounds `from`/`to` so they stay exact integers

/** docs/contract.md §7 searchCurrency. */
export function matchesSearch(
  inst: Pick<MarketInstrument, 'code' | 'showCode'>,
  search: string,
  lang: Language = 'en',
): boolean {
  // The names are looked up only when the codes do not match, so a list of thousands stays cheap.
  if (matchesInstrument({ code: inst.code, showCode: inst.showCode, names: [] }, search)) return true;
  const key = instrumentNameKey(inst.code);
  // translate() answers the key itself when no locale names the instrument.
  const names = [translate(lang, key), translate('en', key)].filter((n) => n !== key);
  return names.length > 0 && matchesInstrument({ code: '', showCode: '', names }, search);
}

function instrumentOr404(market: MarketService, id: number): MarketInstrument {
  const inst = market.byId.get(id);
  if (!inst) throw new ApiError('instrument_not_found');
  return inst;
}

export function marketDataRoutes(market: MarketService): RouteModule {
  return async (app: FastifyInstance, ctx: AppContext): Promise<void> => {
    app.get<{ Querystring: { searchCurrency?: string; category_id?: number } }>(
      '/v1/api/forex/trade_list',
      // category_id 0 (or absent) means every category.
      publicRead(TAGS, INSTRUMENTS, query({ searchCurrency: str(32), category_id: int(0) })),
      async (request) => {
        const { searchCurrency = '', category_id: categoryId = 0 } = request.query;
        const lang = pickLanguage(request.headers.lang);
        const list: Instrument[] = [];
        for (const inst of market.list) {
          if (categoryId > 0 && inst.categoryId !== categoryId) continue;
          if (!matchesSearch(inst, searchCurrency, lang)) continue;
          list.push(toWireInstrument(inst, market.latest(inst.code)));
        }
        return ok(list);
      },
    );

    app.get('/v1/api/forex/getCategories', publicRead(TAGS, CATEGORIES), async (request) => {
      const lang = pickLanguage(request.headers.lang);
      return ok(await loadCategories(ctx.db, lang));
    });

    app.get<{ Querystring: { forex_id: number; period: Period; from?: number; to?: number; limit?: number } }>(
      '/v1/api/forex/kline',
      publicRead(
        TAGS,
        KLINE_BARS,
        query(
          {
            forex_id: int(1),
            period: enumOf(...CHART_PERIODS),
            from: int(0, MAX_TIME),
            to: int(0, MAX_TIME),
            limit: int(1, MAX_KLINE_LIMIT),
          },
          ['forex_id', 'period'],
        ),
      ),
      async (request) => {
        const { forex_id: id, period, from = 0, to = MAX_TIME, limit = DEFAULT_KLINE_LIMIT } = request.query;
        if (from > to) throw fieldInvalid('from');
        const inst = instrumentOr404(market, id);
        const bars = await market.store.queryPeriod(inst.id, period, from, to, limit);
        return ok<KlineBar[]>(bars.map((b) => toWireBar(b, inst.pricePrecision)));
      },
    );

    app.get<{ Querystring: { forex_id?: number } }>(
      '/v1/api/forex/abbreviated_cache_kline',
      publicRead(TAGS, SPARKLINES, query({ forex_id: int(0) })),
      async (request) => {
        const id = request.query.forex_id ?? 0;
        const list = id > 0 ? [instrumentOr404(market, id)] : market.list;
        const out: Record<string, number[]> = {};
        for (const inst of list) {
          out[inst.code] = market.sparkline(inst.id).map((t) => ticksToNumber(t, inst.pricePrecision));
        }
        return ok(out);
      },
    );
  };
}
