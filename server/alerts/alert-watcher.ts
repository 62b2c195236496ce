// The market writer's alert evaluation (docs/alerts.md "Rules"): the active alerts are loaded from the database at
// start into an in-memory index by instrument (alert-index.ts); every live tick asks the index, which
// hands out each alert whose condition now holds once; firing is one conditional UPDATE (active → fired), so an
// alert is delivered once even when two writers see the crossing tick. A failed UPDATE puts the alert back for the
// next tick. Only the writer (role all or market) runs a watcher; gateways announce changes (refresh).
// A day-move alert compares the tick's quote's change % (MarketView.latest: the figure the market list shows, against
// the trading day's open), so it fires exactly when the list shows ≥ +N % or ≤ −N %.
import type { FastifyBaseLogger } from 'fastify';
import type { PriceAlert } from '../../domain/price-alerts.ts';
import type { Clock } from '../../domain/time.ts';
import type { Db } from '../db/db.ts';
import type { MarketView, Tick } from '../market/market-view.ts';
import { AlertIndex, type IndexedAlert } from './alert-index.ts';
import { activeAlert, activeAlerts, fireAlert } from './alerts-repository.ts';

export interface AlertWatcherDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  market: MarketView;
  /** Delivers a fired alert to its user (socket push and Web Push); its failures are its own to log. */
  deliver(userId: number, alert: PriceAlert): Promise<void>;
}

export class AlertWatcher {
  private readonly index = new AlertIndex();
  private readonly running = new Set<Promise<void>>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: AlertWatcherDeps) {}

  /** Loads the active alerts, then follows the ticks. */
  async start(): Promise<void> {
    for (const a of await activeAlerts(this.deps.db)) this.index.add(a);
    this.unsubscribe = this.deps.market.onTick((tick) => this.onTick(tick));
  }

  /** How many active alerts the index holds (ops, tests). */
  get size(): number {
    return this.index.size;
  }

  /** Whether an alert is in the index (waiting for its price). */
  has(id: number): boolean {
    return this.index.has(id);
  }

  /** An alert was added or deleted (here or elsewhere): re-read it. Resolves once done (a failure is logged). */
  refresh(id: number): Promise<void> {
    return this.track(
      (async () => {
        const a = await activeAlert(this.deps.db, id);
        if (a) this.index.add(a);
        else this.index.remove(id);
      })(),
      { alertId: id },
      'alert refresh failed',
    );
  }

  onTick(tick: Tick): void {
    if (this.index.size === 0) return;
    const price = Number(tick.price);
    if (!Number.isFinite(price)) return;
    let change: string | null = null; // the quote's change %, read once and only if a day-move alert needs it
    const readChange = (): number | null => {
      change = this.deps.market.latest(tick.code)?.change ?? null;
      const n = change === null ? NaN : Number(change);
      return Number.isFinite(n) ? n : null;
    };
    for (const a of this.index.take(tick.instrumentId, price, readChange)) {
      void this.track(
        this.fire(a, tick.price, a.kind === 'change' ? change : null),
        { alertId: a.id },
        'alert fire failed',
      );
    }
  }

  private async fire(a: IndexedAlert, price: string, change: string | null): Promise<void> {
    let fired: Awaited<ReturnType<typeof fireAlert>>;
    try {
      fired = await fireAlert(this.deps.db, a.id, price, change, this.deps.clock.now());
    } catch (err) {
      this.index.add(a); // the database did not take it: the next tick tries again
      throw err;
    }
    if (!fired) return; // deleted meanwhile, or fired by another writer: nothing to deliver
    const { userId, ...alert } = fired;
    await this.deps.deliver(userId, alert);
  }

  private track(p: Promise<void>, context: Record<string, unknown>, what: string): Promise<void> {
    const done = p
      .catch((err: unknown) => this.deps.log.error({ err, ...context }, what))
      .finally(() => this.running.delete(done));
    this.running.add(done);
    return done;
  }

  /** Resolves once every fire and refresh started so far has finished. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.idle();
  }
}
