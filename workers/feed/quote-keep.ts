// The last live quotes between visits: market data, the same for every user, so a sign-out leaves it (docs/client.md).
import type { QuoteTuple } from '../../domain/ws-protocol.ts';
import type { FeedDeps } from './deps.ts';
import { isQuoteTuple } from './parse.ts';
import { QUOTES_KEY } from '../../domain/stored-keys.ts';

/** A write clones every tuple; a few seconds' loss on a crash costs nothing. */
export const QUOTES_SAVE_MS = 5_000;

export class QuoteKeep {
  private readonly kept = new Map<string, QuoteTuple>();
  private dirty = false;
  private timer: unknown = null;

  /** `pending`: quotes the feed holds unparsed (quote-filter.ts), merged in at each write. */
  constructor(
    private readonly deps: Pick<FeedDeps, 'timers' | 'cache' | 'log'>,
    private readonly pending: () => readonly unknown[] = () => [],
  ) {}

  /** Merged under anything newer seen since; none without a cache or when it fails. */
  async load(): Promise<QuoteTuple[]> {
    const cache = this.deps.cache;
    if (!cache) return [];
    let stored: unknown;
    try {
      stored = await cache.get<unknown>(QUOTES_KEY);
    } catch (err) {
      this.deps.log.warn('feed: kept quotes unreadable', err);
      return [];
    }
    if (!Array.isArray(stored)) return [];
    const tuples = stored.filter(isQuoteTuple);
    for (const t of tuples) {
      const k = this.kept.get(t[0]);
      if (!k || t[3] > k[3]) this.kept.set(t[0], t);
    }
    return tuples;
  }

  note(t: QuoteTuple): void {
    if (!this.deps.cache || !this.merge(t)) return;
    this.timer ??= this.deps.timers.setTimeout(() => {
      this.timer = null;
      this.save();
    }, QUOTES_SAVE_MS);
  }

  /** The page may never come back. */
  saveNow(): void {
    if (this.timer !== null) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
    this.save();
  }

  private merge(t: QuoteTuple): boolean {
    const k = this.kept.get(t[0]);
    if (k && k[3] >= t[3]) return false;
    this.kept.set(t[0], t);
    this.dirty = true;
    return true;
  }

  private save(): void {
    const cache = this.deps.cache;
    if (!cache) return;
    for (const t of this.pending()) if (isQuoteTuple(t)) this.merge(t);
    if (!this.dirty) return;
    this.dirty = false;
    cache
      .set(QUOTES_KEY, [...this.kept.values()])
      .catch((err: unknown) => this.deps.log.warn('feed: quotes not kept', err));
  }
}
