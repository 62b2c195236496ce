import type { Watchlist } from '../../../domain/watchlist.ts';
import { integer, listOf, shape } from '../wire-schema.ts';

export const WATCHLIST = shape<Watchlist>('Watchlist', { ids: listOf(integer), max: integer });
