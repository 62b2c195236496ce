// Records are stamped with the injected clock's now: the writer refuses old times, and a replay is "now".
import { readFileSync } from 'node:fs';
import type { Clock, Timers } from '../../../domain/time.ts';
import type { PriceSource, SourceSink, SourceDeps } from './price-source.ts';
import { parseMt5Csv, type ReplayRecord } from './replay-csv.ts';

export interface ReplayOptions {
  /** 1 = real speed; 60 = a minute per second. */
  speed: number;
  /** Start again from the first record after the last. */
  loop: boolean;
  stepMs: number;
}

export class ReplaySource implements PriceSource {
  readonly name = 'replay';
  private readonly records: ReplayRecord[];
  private sink: SourceSink | null = null;
  private wanted = new Set<string>();
  private handle: unknown = null;
  private next = 0;
  private startedAt = 0;
  private readonly time: { clock: Clock; timers: Timers };
  private readonly opts: ReplayOptions;

  constructor(records: readonly ReplayRecord[], time: { clock: Clock; timers: Timers }, opts: ReplayOptions) {
    this.time = time;
    this.opts = opts;
    this.records = [...records].sort((a, b) => a.t - b.t);
  }

  async start(sink: SourceSink): Promise<void> {
    this.sink = sink;
    this.startedAt = this.time.clock.now();
    this.next = 0;
    sink.connection(true, `replaying ${this.records.length} records at ${this.opts.speed}×`);
    this.handle = this.time.timers.setInterval(() => this.pump(), this.opts.stepMs);
  }

  subscribe(symbols: readonly string[]): void {
    this.wanted = new Set(symbols);
  }

  async stop(): Promise<void> {
    if (this.handle !== null) this.time.timers.clearInterval(this.handle);
    this.handle = null;
    this.sink = null;
  }

  /** A test with a fake clock may call it too. */
  pump(): void {
    const sink = this.sink;
    const first = this.records[0];
    if (!sink || !first) return;
    const now = this.time.clock.now();
    const reached = first.t + (now - this.startedAt) * this.opts.speed;
    for (;;) {
      const r = this.records[this.next];
      if (!r) {
        if (!this.opts.loop) return;
        this.next = 0;
        this.startedAt = now;
        return;
      }
      if (r.t > reached) return;
      this.next++;
      if (!this.wanted.has(r.symbol)) continue;
      sink.tick({ symbol: r.symbol, bid: r.bid, ask: r.ask, last: r.last, volume: r.volume, sourceTime: now });
    }
  }
}

/** REPLAY_FILES=EURUSD=./eurusd-ticks.csv,XAUUSD=./xauusd-m1.csv, REPLAY_SPEED, REPLAY_LOOP. */
export function replaySourceFromEnv(deps: SourceDeps): ReplaySource {
  const spec = deps.env.REPLAY_FILES ?? '';
  const records: ReplayRecord[] = [];
  for (const part of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new Error(`REPLAY_FILES: "${part}" is not SYMBOL=path`);
    const symbol = part.slice(0, eq);
    const { records: rs, skipped } = parseMt5Csv(readFileSync(part.slice(eq + 1), 'utf8'), symbol);
    if (skipped > 0) deps.log?.warn({ symbol, skipped }, 'replay: lines skipped');
    records.push(...rs);
  }
  if (records.length === 0) throw new Error('PRICE_SOURCES names replay but REPLAY_FILES gives no records');
  const speed = Number(deps.env.REPLAY_SPEED ?? '1');
  if (!Number.isFinite(speed) || speed <= 0)
    throw new Error(`REPLAY_SPEED must be a positive number, got "${deps.env.REPLAY_SPEED}"`);
  return new ReplaySource(records, deps, { speed, loop: deps.env.REPLAY_LOOP === '1', stepMs: 50 });
}
