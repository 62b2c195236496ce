// Binance's combined-stream format (binance-frames.ts); docs/market-data-fix.md says why this and not ccxt.
import type { Services } from '../../../core/services.ts';
import WebSocket from 'ws';
import { lateReason, reconnectEnv, ReconnectingSource, type ReconnectOptions } from '../reconnecting-source.ts';
import type { SourceDeps, SourceSink } from '../price-source.ts';
import { parseFrame, streamOf } from './binance-frames.ts';

/** `connectMs`: until the websocket is open. */
export interface ExchangeSettings extends ReconnectOptions {
  /** The source adds /stream?streams=…. */
  url: string;
  /** A half-open TCP connection sends nothing, so it is dropped and remade. */
  idleMs: number;
}

export interface ExchangeDeps extends Pick<Services, 'clock' | 'timers'> {
  random: () => number;
}

/** Binance takes at most 5 messages a second and 1024 streams a connection: requests go in batches. */
const BATCH = 200;

export class ExchangeSource extends ReconnectingSource {
  readonly name = 'exchange';
  private socket: WebSocket | null = null;
  private live = new Set<string>();
  /** An error reply rejects them. */
  private readonly pending = new Map<number, string[]>();
  private nextId = 1;
  private kick: (() => void) | null = null;
  private readonly settings: ExchangeSettings;
  private readonly deps: ExchangeDeps;

  constructor(settings: ExchangeSettings, deps: ExchangeDeps) {
    super(deps, settings, settings.url);
    this.settings = settings;
    this.deps = deps;
  }

  protected resubscribe(): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.sync(this.socket);
    else this.kick?.();
  }

  protected hangUp(): void {
    this.kick?.();
    this.socket?.close();
  }

  /** With nothing to subscribe it waits for a mapping instead of connecting. */
  protected connectOnce(sink: SourceSink, healthy: () => void, abandon: AbortSignal): Promise<void> {
    if (this.wanted.size === 0)
      return new Promise<void>((resolve) => {
        this.kick = resolve;
      });
    return new Promise<void>((resolve) => {
      const initial = [...this.wanted];
      const url = `${this.settings.url.replace(/\/$/u, '')}/stream?streams=${initial.map(streamOf).join('/')}`;
      const socket = new WebSocket(url);
      this.socket = socket;
      let idle: unknown = null;
      const alive = (): void => {
        if (idle !== null) this.deps.timers.clearTimeout(idle);
        idle = this.deps.timers.setTimeout(() => socket.terminate(), this.settings.idleMs);
      };
      let detail = 'closed';
      const giveUp = (): void => {
        detail = lateReason(abandon, 'no answer', this.settings.connectMs);
        socket.terminate();
      };
      abandon.addEventListener('abort', giveUp, { once: true });
      socket.on('open', () => {
        abandon.removeEventListener('abort', giveUp);
        healthy();
        this.live = new Set(initial);
        alive();
        sink.connection(true, `connected to ${this.settings.url} (${initial.length} symbols)`);
        this.sync(socket);
      });
      socket.on('ping', alive);
      socket.on('message', (data: WebSocket.RawData) => {
        alive();
        this.onFrame(
          sink,
          Buffer.isBuffer(data)
            ? data.toString('utf8')
            : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8'),
        );
      });
      socket.on('error', (e: Error) => {
        if (!abandon.aborted) detail = e.message;
      });
      socket.on('close', (code: number) => {
        abandon.removeEventListener('abort', giveUp);
        if (idle !== null) this.deps.timers.clearTimeout(idle);
        this.socket = null;
        this.live.clear();
        this.pending.clear();
        sink.connection(false, `${this.settings.url}: ${detail} (${code})`);
        resolve();
      });
    });
  }

  private onFrame(sink: SourceSink, text: string): void {
    const frame = parseFrame(text, this.deps.clock.now());
    switch (frame.kind) {
      case 'tick':
        if (this.live.has(frame.tick.symbol)) sink.tick(frame.tick);
        break;
      case 'reply': {
        const symbols = this.pending.get(frame.id) ?? [];
        this.pending.delete(frame.id);
        if (frame.error === null) break;
        for (const s of symbols) {
          this.live.delete(s);
          sink.rejected(s, frame.error);
        }
        break;
      }
      case 'malformed':
        sink.malformed(frame.reason);
        break;
    }
  }

  private sync(socket: WebSocket): void {
    const add = [...this.wanted].filter((s) => !this.live.has(s));
    const drop = [...this.live].filter((s) => !this.wanted.has(s));
    for (const s of drop) this.live.delete(s);
    for (let i = 0; i < drop.length; i += BATCH) this.request(socket, 'UNSUBSCRIBE', drop.slice(i, i + BATCH));
    for (const s of add) this.live.add(s);
    for (let i = 0; i < add.length; i += BATCH) this.request(socket, 'SUBSCRIBE', add.slice(i, i + BATCH));
  }

  private request(socket: WebSocket, method: string, symbols: string[]): void {
    const id = this.nextId++;
    if (method === 'SUBSCRIBE') this.pending.set(id, symbols);
    socket.send(JSON.stringify({ method, params: symbols.map(streamOf), id }));
  }
}

/** PRICE_SOURCES=exchange; the EXCHANGE_ variables are in the README's configuration table. */
export function exchangeSourceFromEnv(deps: SourceDeps): ExchangeSource {
  const env = deps.env;
  return new ExchangeSource(
    {
      url: env.EXCHANGE_WS_URL ?? 'wss://stream.binance.com:9443',
      idleMs: Number(env.EXCHANGE_IDLE_MS ?? 60_000),
      ...reconnectEnv(env, 'EXCHANGE'),
    },
    { clock: deps.clock, timers: deps.timers, random: Math.random },
  );
}
