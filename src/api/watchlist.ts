// Each route answers the whole list in order, with the cap.
import type { Watchlist } from '../../domain/watchlist.ts';
import { apiGet, apiPost, type CallOptions } from './client.ts';

export const readWatchlist = (opts: CallOptions = { toast: false, initial: true }): Promise<Watchlist> =>
  apiGet('/v1/api/watchlist/list', {}, opts);
export const addWatch = (forexId: number, opts?: CallOptions): Promise<Watchlist> =>
  apiPost('/v1/api/watchlist/add', { forex_id: forexId }, opts);
export const removeWatch = (forexId: number): Promise<Watchlist> =>
  apiPost('/v1/api/watchlist/remove', { forex_id: forexId });
export const moveWatch = (forexId: number, to: number): Promise<Watchlist> =>
  apiPost('/v1/api/watchlist/move', { forex_id: forexId, to });
