// Prometheus series read at scrape time; nothing here runs per request beyond a counter or histogram step.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db, TxQueryable } from '../db/db.ts';
import type { MarketView } from '../market/market-view.ts';
import type { DeskStatus } from '../market/price-desk/desk-status.ts';
import type { Notifier, UserPush } from '../core/services.ts';
import type { HubStats } from '../ws/connection.ts';
import type { Metrics } from './metrics.ts';

type Labels = Record<string, string>;

/** Follows a total kept elsewhere; a total that went down (its owner restarted) counts from zero again. */
function followedTotal(
  registry: Registry,
  name: string,
  help: string,
  labelNames: string[],
  read: () => Array<[Labels, number]>,
): void {
  const last = new Map<string, number>();
  new Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      for (const [labels, total] of read()) {
        const key = JSON.stringify(labels);
        const before = last.get(key) ?? 0;
        this.inc(labels, total >= before ? total - before : total);
        last.set(key, total);
      }
    },
  });
}

export function hubMetrics(registry: Registry, stats: () => HubStats): void {
  new Gauge({
    name: 'tickwise_ws_clients',
    help: 'Websocket clients connected to this gateway',
    registers: [registry],
    collect() {
      this.set(stats().connections);
    },
  });
  const totals: Array<[string, string, keyof HubStats]> = [
    ['tickwise_ws_frames_total', 'Websocket frames serialised for the clients', 'framesSerialised'],
    ['tickwise_ws_conflated_total', 'Market batches skipped for a client over its buffer limit', 'skipped'],
    ['tickwise_ws_slow_closed_total', 'Clients closed for being too slow', 'slowClosed'],
  ];
  for (const [name, help, field] of totals) followedTotal(registry, name, help, [], () => [[{}, stats()[field]]]);
}

export function priceDeskMetrics(registry: Registry, status: () => DeskStatus | null): void {
  const sources = () => status()?.sources ?? [];
  const perSource: Array<[string, string, (s: DeskStatus['sources'][number]) => number]> = [
    [
      'tickwise_feed_source_up',
      '1 while a price source is connected and not suspended',
      (s) => (s.state === 'up' ? 1 : 0),
    ],
    ['tickwise_feed_source_ticks_per_second', 'Good ticks per second from each source', (s) => s.ticksPerSec],
  ];
  for (const [name, help, figure] of perSource) {
    new Gauge({
      name,
      help,
      labelNames: ['source'],
      registers: [registry],
      collect() {
        this.reset();
        for (const s of sources()) this.set({ source: s.name }, figure(s));
      },
    });
  }
  new Gauge({
    name: 'tickwise_feed_instruments',
    help: 'Instruments by price desk state (live, stale, halted, closed, waiting)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset();
      const st = status();
      if (!st) return;
      const counts: Record<string, number> = { live: 0, stale: 0, halted: 0, closed: 0, waiting: 0 };
      for (const i of st.instruments) counts[i.state] = (counts[i.state] ?? 0) + 1;
      for (const [state, n] of Object.entries(counts)) this.set({ state }, n);
    },
  });
  followedTotal(registry, 'tickwise_feed_ticks_total', 'Good ticks from each source', ['source'], () =>
    sources().map((s) => [{ source: s.name }, s.ticks]),
  );
  followedTotal(
    registry,
    'tickwise_feed_refused_total',
    'Ticks the desk refused, by source and reason',
    ['source', 'reason'],
    () =>
      sources().flatMap((s) =>
        Object.entries(s.rejects).map(([reason, n]): [Labels, number] => [{ source: s.name, reason }, n ?? 0]),
      ),
  );
  followedTotal(registry, 'tickwise_feed_failovers_total', 'Fail-overs away from each source', ['source'], () =>
    sources().map((s) => [{ source: s.name }, s.failovers]),
  );
}

/** PGlite has none. */
export function poolMetrics(registry: Registry, db: Db): void {
  if (!db.poolStats) return;
  const stats = () => db.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 };
  new Gauge({
    name: 'tickwise_db_pool_connections',
    help: 'Database pool connections by state (total, idle, waiting requests)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const s = stats();
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, s[state]);
    },
  });
}

const seconds = (start: number): number => (performance.now() - start) / 1000;

export function timedDb<D extends Db>(db: D, m: Metrics): D {
  const timed = Object.create(db) as D;
  const time = async <T>(kind: 'query' | 'transaction', run: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await run();
    } finally {
      m.dbQuery.observe({ kind }, seconds(start));
    }
  };
  timed.query = <T>(sql: string, params?: readonly unknown[]) => time('query', () => db.query<T>(sql, params));
  timed.tx = <T>(fn: (q: TxQueryable) => Promise<T>) => time('transaction', () => db.tx(fn));
  return timed;
}

export function timedTicks(market: MarketView, m: Metrics): MarketView {
  return new Proxy(market, {
    get(target, prop, receiver) {
      if (prop === 'onTick') {
        return (listener: Parameters<MarketView['onTick']>[0]) =>
          target.onTick((tick) => {
            const start = performance.now();
            listener(tick);
            m.engineTick.observe(seconds(start));
          });
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Only toUser is its own, so a hub keeps its stats and revocations. */
export function countedPush<P extends UserPush>(
  push: P,
  m: Metrics,
  isDemo: (userId: number) => boolean | undefined,
): P {
  const counted = Object.create(push) as P;
  counted.toUser = (userId, message) => {
    if (message.type === 'FOREX_CLOSED') {
      m.ordersClosed.inc({ reason: message.data.CloseReason, account: isDemo(userId) ? 'demo' : 'real' });
    }
    push.toUser(userId, message);
  };
  return counted;
}

export function countedNotifier(notifier: Notifier, m: Metrics): Notifier {
  return {
    async send(message) {
      await notifier.send(message);
      m.deliveries.inc({ channel: message.channel, state: 'queued' });
    },
  };
}
