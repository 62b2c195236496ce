// Where the feed runs: in its worker (default) or on the main thread (?feed=main, or no Worker support).
export type FeedMode = 'worker' | 'main';

/** ?feed=main in the query before the hash or in the part after it (docs/contract.md §2 reads queries after the hash). */
export function feedModeFrom(search: string, hash: string, hasWorker: boolean): FeedMode {
  if (!hasWorker) return 'main';
  const q = hash.indexOf('?');
  const fromHash = q >= 0 ? new URLSearchParams(hash.slice(q + 1)).get('feed') : null;
  return (fromHash ?? new URLSearchParams(search).get('feed')) === 'main' ? 'main' : 'worker';
}

export function feedMode(): FeedMode {
  if (typeof location === 'undefined') return 'main';
  return feedModeFrom(location.search, location.hash, typeof Worker !== 'undefined');
}
