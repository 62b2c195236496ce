// The mini charts' close series: fetched at most once a TTL, one request at a time, the last visit's when offline.
import type { FeedDeps } from './deps.ts';
import { fetchSparklines, type RestContext } from './rest.ts';

/** Sparklines are 30min closes: refetching them more often than this buys nothing. */
export const SPARKLINE_TTL_MS = 60_000;
const SPARKS_KEY = 'tw.sparklines';

type Series = Record<string, Float32Array>;

export class SparklineCache {
  private kept: { at: number; data: Series } | null = null;
  private inFlight: Promise<Series> | null = null;

  constructor(private readonly deps: Pick<FeedDeps, 'clock' | 'cache'>) {}

  get(rest: RestContext): Promise<Series> {
    const now = this.deps.clock.now();
    if (this.kept && now - this.kept.at < SPARKLINE_TTL_MS) return Promise.resolve(this.kept.data);
    this.inFlight ??= fetchSparklines(rest)
      .then((data) => {
        this.kept = { at: now, data };
        void this.deps.cache?.set(SPARKS_KEY, data);
        return data;
      })
      .catch(async (err: unknown) => {
        // Offline or the server is down: last visit's mini charts are better than none.
        const stored = await this.deps.cache?.get<Series>(SPARKS_KEY);
        if (stored) return stored;
        throw err;
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }
}
