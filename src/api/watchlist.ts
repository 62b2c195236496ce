// Each route answers the whole list in order, with the cap.
import type { Watchlist } from '../../domain/watchlist.ts';
import { apiGet, apiPost, type CallOptions } from './client.ts';

export const readWatchlist = (opts: CallOptions = { toast: false, initial: true }): Promise<Watchlist> =>
  apiGet('/v1/api/watchlist/list', {}, opts);
export const addWatch = (instrumentId: number, opts?: CallOptions): Promise<Watchlist> =>
  apiPost('/v1/api/watchlist/add', { forex_id: instrumentId }, opts);
export const removeWatch = (instrumentId: number): Promise<Watchlist> =>
  apiPost('/v1/api/watchlist/remove', { forex_id: instrumentId });
export const moveWatch = (instrumentId: number, to: number): Promise<Watchlist> =>
  apiPost('/v1/api/watchlist/move', { forex_id: instrumentId, to });
