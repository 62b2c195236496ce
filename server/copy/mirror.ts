// Mirrors a provider's positions onto their copies (docs/copy-trading.md "Mirroring, exactly once").
import { dec } from '../../domain/decimal.ts';
import { ApiError } from '../http/envelope.ts';
import { getOrder } from '../engine/orders-repository.ts';
import type { OrderRow } from '../engine/types.ts';
import { CopyStatus, providerOf, runningCopiesOf, type CopyRow, type ProviderRow } from './copy-repository.ts';
import {
  copiesWithAction,
  isCopiedProvider,
  linksOf,
  openProviderOrders,
  orphanProviderOrders,
  realFollowers,
  staleFollowerLinks,
  unlinkFollowerOrder,
} from './mirror-repository.ts';
import { type MirrorDeps, stopsOf, tellFollower, type Told } from './mirror-actions.ts';
import { chunks, MIRROR_CHUNK, mirrorOpens } from './mirror-batch.ts';
import { mirrorCloses, mirrorParts, mirrorStops, type Pair } from './mirror-closes.ts';
import { openAtStart } from './copy-start-sync.ts';

export interface MirrorMetrics {
  orphans(n: number): void;
  skipped(reason: string): void;
  lag(seconds: number): void;
}

export class CopyMirror {
  private readonly chains = new Map<number, Promise<void>>();
  private readonly pending = new Set<Promise<void>>();
  private notices: Promise<void> = Promise.resolve();
  /** While set, the engine's commits are a follower's, never a provider's. */
  private own = false;
  private readonly deps: MirrorDeps;
  private readonly metrics?: MirrorMetrics;
  /** A test makes it small to cross chunk boundaries. */
  private readonly chunk: number;

  constructor(deps: MirrorDeps, metrics?: MirrorMetrics, chunk = MIRROR_CHUNK) {
    this.deps = deps;
    this.metrics = metrics;
    this.chunk = chunk;
  }

  start(): void {
    this.deps.engine.onCommitted = (row) => this.committed(row);
  }

  stop(): void {
    this.deps.engine.onCommitted = null;
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private track(p: Promise<void>): void {
    const done = p.catch((err: unknown) => this.deps.log.error({ err }, 'copy mirroring failed'));
    this.pending.add(done);
    void done.finally(() => this.pending.delete(done));
  }

  /** Any close ends a link to it. */
  committed(row: OrderRow): void {
    if (row.status === 0 || this.own) return;
    this.track(
      (async () => {
        if (row.status === 3) await unlinkFollowerOrder(this.deps.db, row.id, this.deps.clock.now());
        if (await isCopiedProvider(this.deps.db, row.userId)) await this.sync(row.id);
      })(),
    );
  }

  /** After any sync of the same order already under way: work on one provider order runs in order. */
  sync(providerOrderId: number): Promise<void> {
    const before = this.chains.get(providerOrderId) ?? Promise.resolve();
    const next = before.then(() => this.syncNow(providerOrderId));
    const kept = next.catch(() => undefined);
    this.chains.set(providerOrderId, kept);
    void kept.then(() => {
      if (this.chains.get(providerOrderId) === kept) this.chains.delete(providerOrderId);
    });
    return next;
  }

  private async syncNow(providerOrderId: number): Promise<void> {
    const row = await getOrder(this.deps.db, providerOrderId);
    if (!row || row.status === 0) return;
    const copies = await runningCopiesOf(this.deps.db, row.userId);
    if (copies.length === 0) return;
    const provider = await providerOf(this.deps.db, row.userId);
    const suspended = provider === null || provider.suspended_at !== null;
    const links = new Map((await linksOf(this.deps.db, row.id)).map((l) => [l.copy_id, l]));
    const opened = row.status === 1 ? await copiesWithAction(this.deps.db, row.id, 'open') : new Set<number>();
    const opens: CopyRow[] = [];
    const earlier: CopyRow[] = [];
    const closes: Pair[] = [];
    const parts: Pair[] = [];
    // A stops edit is keyed by each link's stops version: a chunk holds copies of one version.
    const stops = new Map<number, Pair[]>();
    for (const copy of copies) {
      const link = links.get(copy.id);
      if (row.status === 3) {
        if (link && link.unlinked_at === null && row.closeReason !== 'cancel') closes.push({ copy, link });
      } else if (!link) {
        // Fills while active are copied, earlier ones by the follower's choice; nothing of a suspended copy.
        if (copy.status !== CopyStatus.ACTIVE || suspended || opened.has(copy.id)) continue;
        if ((row.filledAt ?? row.createdAt) >= Number(copy.started_at)) opens.push(copy);
        else if (copy.copy_open === 1) earlier.push(copy);
      } else if (link.unlinked_at !== null) continue;
      else if (dec(row.quantity).lt(link.provider_lots)) parts.push({ copy, link });
      else if (!suspended && stopsOf(row) !== link.provider_stops) {
        const same = stops.get(link.stops_version) ?? [];
        same.push({ copy, link });
        stops.set(link.stops_version, same);
      }
    }
    // A refused chunk (a halt, a shut market) is rolled back whole and waits for the reconciliation job.
    const run = async <T>(all: readonly T[], step: (d: MirrorDeps, o: OrderRow, chunk: T[]) => Promise<Told[]>) => {
      for (const chunk of chunks(all, this.chunk)) {
        try {
          this.apply(row, provider, await step(this.deps, row, chunk));
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          this.deps.log.info({ orderId: row.id, reason: err.key }, 'copy action waits');
        }
      }
    };
    await run(opens, mirrorOpens);
    await run(earlier, openAtStart);
    await run(closes, mirrorCloses);
    await run(parts, mirrorParts);
    for (const same of stops.values()) await run(same, mirrorStops);
  }

  /** Followers' notices follow on their own queue, so they never hold up the next mirrored step. */
  private apply(row: OrderRow, p: ProviderRow | null, told: readonly Told[]): void {
    const since = row.completedAt ?? row.filledAt ?? row.createdAt;
    this.own = true;
    try {
      for (const { outcome } of told) {
        if (outcome.kind !== 'done') continue;
        for (const c of outcome.commits) {
          this.deps.engine.applyCommitted(c.done, c.closed ? 'closed' : 'changed', c.closed ? 'user' : null);
        }
        this.metrics?.lag(Math.max(0, this.deps.clock.now() - since) / 1000);
      }
    } finally {
      this.own = false;
    }
    const news = told.filter((t) => t.outcome.kind !== 'none');
    if (news.length === 0) return;
    const before = this.notices;
    this.notices = before
      .then(() => this.tell(row, p, news))
      .catch((err: unknown) => this.deps.log.warn({ err }, 'copy notices not queued'));
    this.track(this.notices);
  }

  /** Demo followers get none. */
  private async tell(row: OrderRow, p: ProviderRow | null, news: readonly Told[]): Promise<void> {
    const inst = this.deps.engine.instrument(row.instrumentId);
    // A demo provider's copiers are demo (a copy starts only in its follower's world: providers.ts): none to ask about.
    const followers = news.map((t) => t.copy.follower_id);
    const real = p?.is_demo === 1 ? new Set<number>() : await realFollowers(this.deps.db, followers);
    const where = { provider: p?.display_name ?? '', code: inst?.showCode ?? '' };
    for (const { copy, outcome } of news) {
      if (outcome.kind === 'skipped') this.metrics?.skipped(outcome.reason);
      if (real.has(copy.follower_id)) await tellFollower(this.deps, copy.follower_id, where, outcome);
    }
  }

  /** Also syncs every open provider position, finishing what a crash left undone. */
  async reconcile() {
    const now = this.deps.clock.now();
    let unlinked = 0;
    for (const id of await staleFollowerLinks(this.deps.db))
      unlinked += await unlinkFollowerOrder(this.deps.db, id, now);
    const orphans = await orphanProviderOrders(this.deps.db);
    if (orphans.length > 0) this.metrics?.orphans(orphans.length);
    const open = await openProviderOrders(this.deps.db);
    for (const id of [...orphans, ...open]) await this.sync(id);
    return { orphans: orphans.length, unlinked, synced: orphans.length + open.length };
  }
}
