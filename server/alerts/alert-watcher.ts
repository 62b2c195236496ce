// The market writer's alert evaluation; firing is conditional so two writers deliver once (docs/alerts.md "Rules").
import type { Services } from '../core/services.ts';
import type { PriceAlert } from '../../domain/price-alerts.ts';
import type { Tick } from '../market/market-view.ts';
import { AlertIndex, type IndexedAlert } from './alert-index.ts';
import { activeAlert, activeAlerts, fireAlert } from './alerts-repository.ts';

interface AlertWatcherDeps extends Pick<Services, 'db' | 'clock' | 'log' | 'market'> {
  /** Its failures are its own to log. */
  deliver(userId: number, alert: PriceAlert): Promise<void>;
}

export class AlertWatcher {
  private readonly index = new AlertIndex();
  private readonly running = new Set<Promise<void>>();
  private unsubscribe: (() => void) | null = null;
  private readonly deps: AlertWatcherDeps;

  constructor(deps: AlertWatcherDeps) {
    this.deps = deps;
  }

  async start(): Promise<void> {
    for (const a of await activeAlerts(this.deps.db)) this.index.add(a);
    this.unsubscribe = this.deps.market.onTick((tick) => this.onTick(tick));
  }

  get size(): number {
    return this.index.size;
  }

  has(id: number): boolean {
    return this.index.has(id);
  }

  /** An alert changed here or elsewhere; a failure is logged. */
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
    let change: string | null = null; // read once and only if a day-move alert needs it
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

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.idle();
  }
}
