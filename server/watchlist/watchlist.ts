// Watchlist rules (docs/trading.md "Watchlist"); a change holds the user's row so two devices apply in turn.
import { movedTo, WATCHLIST_MAX, type Watchlist } from '../../domain/watchlist.ts';
import type { Db } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { lockUser } from '../auth/users.ts';
import { deleteWatch, insertWatch, isWatchable, watchIds, writeOrder } from './watchlist-repository.ts';

const answer = (ids: number[]): Watchlist => ({ ids, max: WATCHLIST_MAX });

export async function readWatchlist(db: Db, userId: number): Promise<Watchlist> {
  return answer(await watchIds(db, userId));
}

/** An instrument already on the list stays where it is: a second tap on another device is no error. */
export async function addToWatchlist(db: Db, userId: number, instrumentId: number): Promise<Watchlist> {
  return db.tx(async (q) => {
    await lockUser(q, userId);
    const ids = await watchIds(q, userId);
    if (ids.includes(instrumentId)) return answer(ids);
    if (!(await isWatchable(q, instrumentId))) throw new ApiError('instrument_not_found');
    if (ids.length >= WATCHLIST_MAX) throw new ApiError('watchlist.errors.full', undefined, { max: WATCHLIST_MAX });
    await insertWatch(q, userId, instrumentId, ids.length);
    return answer([...ids, instrumentId]);
  });
}

/** One not on the list is already gone, no error. */
export async function removeFromWatchlist(db: Db, userId: number, instrumentId: number): Promise<Watchlist> {
  return db.tx(async (q) => {
    await lockUser(q, userId);
    const ids = (await watchIds(q, userId)).filter((x) => x !== instrumentId);
    await deleteWatch(q, userId, instrumentId);
    await writeOrder(q, userId, ids);
    return answer(ids);
  });
}

/** Not on the list, or `to` past its end: refused, nothing changes. */
export async function moveInWatchlist(db: Db, userId: number, instrumentId: number, to: number): Promise<Watchlist> {
  return db.tx(async (q) => {
    await lockUser(q, userId);
    const ids = await watchIds(q, userId);
    if (!ids.includes(instrumentId)) throw new ApiError('watchlist.errors.not_listed');
    if (to < 0 || to >= ids.length) throw new ApiError('watchlist.errors.position', undefined, { max: ids.length });
    const next = movedTo(ids, instrumentId, to);
    await writeOrder(q, userId, next);
    return answer(next);
  });
}
