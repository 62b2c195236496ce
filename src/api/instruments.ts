// The idb cache lets a returning user see the market at once; the network answer then replaces it.
import { get, set } from 'idb-keyval';
import { apiGet } from './client.ts';
import { $instruments, awaitingInstruments, setInstruments } from '../state/market/instruments.ts';
import type { Category, Instrument } from '../../domain/types.ts';
import { TRADE_LIST_KEY } from '../../domain/stored-keys.ts';

/** No toast: the page shows its own empty state. */
export function searchInstruments(search: string): Promise<Instrument[]> {
  return apiGet<Instrument[]>('/v1/api/forex/trade_list', { searchCurrency: search }, { toast: false });
}

export function categories(): Promise<Category[]> {
  return apiGet<Category[]>('/v1/api/forex/getCategories', {}, { toast: false });
}

function isInstrumentList(v: unknown): v is Instrument[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null && 'Code' in x && 'Id' in x);
}

/** Only when the store is still empty (a cold start). Never throws. */
export async function restoreCachedTradeList(): Promise<boolean> {
  if (!awaitingInstruments()) return false;
  try {
    const cached: unknown = await get(TRADE_LIST_KEY);
    // The network may have answered while IndexedDB was being read: never overwrite fresh data.
    if (!isInstrumentList(cached) || cached.length === 0 || !awaitingInstruments()) return false;
    setInstruments(cached);
    return true;
  } catch {
    return false;
  }
}

let inFlight: Promise<Instrument[]> | null = null;

/** Concurrent calls share one request; never rejects, as the connection indicator already tells the user. */
export function refreshTradeList(): Promise<Instrument[]> {
  if (inFlight) return inFlight;
  void restoreCachedTradeList();
  inFlight = (async () => {
    try {
      const list = await apiGet<Instrument[]>('/v1/api/forex/trade_list', {}, { toast: false });
      setInstruments(list);
      // A private window may refuse IndexedDB: the cache is a convenience, the list is already shown.
      await set(TRADE_LIST_KEY, list).catch(() => undefined);
      return list;
    } catch (err) {
      console.warn('trade_list refresh failed', err);
      return $instruments.peek();
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}
