// One MarketDataRequest per symbol, so a reject (35=Y) names its symbol (docs/market-data-fix.md).
import type { MsgView } from 'jspurefix';
import { lateReason, ReconnectingSource, type ReconnectDeps } from '../reconnecting-source.ts';
import { BID, MdBook, OFFER, TRADE, parseFixTime, type MdEntry } from './md-book.ts';
import type * as SessionModule from './md-session.ts';
import { fixSettingsFromEnv, type FixSettings } from './fix-settings.ts';
import type { SourceDeps, SourceSink } from '../price-source.ts';

/** The FIX engine's module, loaded when a FIX source starts: a server without one never pays for them. */
export type FixEngine = typeof SessionModule;

export const loadEngine = (): Promise<FixEngine> => import('./md-session.ts');

export class FixSource extends ReconnectingSource {
  readonly name = 'fix';
  private session: SessionModule.MdSession | null = null;
  private launcher: SessionModule.FixLauncher | null = null;
  /** Symbol → MDReqID; a reject names only the id, and is rare enough to find by a scan. */
  private readonly bySymbol = new Map<string, string>();
  private readonly book = new MdBook();
  private nextReqId = 1;
  private readonly settings: FixSettings;
  private readonly load: () => Promise<FixEngine>;
  private engine: Promise<FixEngine> | null = null;

  constructor(settings: FixSettings, deps: ReconnectDeps & { load?: () => Promise<FixEngine> }) {
    super(deps, settings, `${settings.host}:${settings.port}`);
    this.settings = settings;
    this.load = deps.load ?? loadEngine;
  }

  /** The engine loads before the first attempt's deadline runs: a slow host's first import is not a silent LP. */
  override async start(sink: SourceSink): Promise<void> {
    await (this.engine ??= this.load());
    return super.start(sink);
  }

  protected resubscribe(): void {
    if (this.session) this.request(this.session);
  }

  protected hangUp(): void {
    this.session?.logout();
    this.launcher?.stop();
  }

  /** Resolves when the session ends. */
  protected async connectOnce(sink: SourceSink, healthy: () => void, abandon: AbortSignal): Promise<void> {
    const { FixLauncher, sessionDescription, MdSession } = await (this.engine ??= this.load());
    const late = (): string => lateReason(abandon, 'no logon', this.settings.connectMs);
    if (abandon.aborted) {
      sink.connection(false, `${this.endpoint}: ${late()}`);
      return;
    }
    let detail = 'disconnected';
    let loggedOut = false;
    const giveUp = (): void => {
      detail = late();
    };
    abandon.addEventListener('abort', giveUp, { once: true });
    const launcher = new FixLauncher(
      sessionDescription(this.settings, abandon),
      this.settings.storeDir,
      (config) =>
        new MdSession(config, {
          ready: (session) => {
            healthy();
            this.session = session;
            sink.connection(true, `logged on to ${this.endpoint} as ${this.settings.senderCompId}`);
            this.request(session);
          },
          snapshotOrIncremental: (type, view) => this.onMarketData(sink, type, view),
          reject: (id, reason) => {
            const symbol = [...this.bySymbol].find(([, reqId]) => reqId === id)?.[0];
            if (symbol === undefined) {
              sink.malformed(`MarketDataRequestReject for unknown MDReqID ${id}: ${reason}`);
              return;
            }
            this.bySymbol.delete(symbol);
            sink.rejected(symbol, reason);
          },
          malformed: (reason) => sink.malformed(reason),
          loggedOut: (text) => {
            detail = `logged out by the LP: ${text}`;
            loggedOut = true;
          },
          stopped: (error) => {
            if (error && !loggedOut && !abandon.aborted) detail = error.message;
          },
        }),
    );
    this.launcher = launcher;
    try {
      await launcher.run();
    } catch (e) {
      if (!loggedOut && !abandon.aborted) detail = e instanceof Error ? e.message : String(e);
    } finally {
      abandon.removeEventListener('abort', giveUp);
      this.launcher = null;
      this.session = null;
      this.bySymbol.clear();
      this.book.clear();
      sink.connection(false, `${this.endpoint}: ${detail}`);
    }
  }

  private request(session: SessionModule.MdSession): void {
    for (const [symbol, id] of [...this.bySymbol]) {
      if (this.wanted.has(symbol)) continue;
      session.sendApp('V', mdRequest(id, '2', symbol));
      this.bySymbol.delete(symbol);
    }
    for (const symbol of this.wanted) {
      if (this.bySymbol.has(symbol)) continue;
      const id = `tw${this.nextReqId++}`;
      this.bySymbol.set(symbol, id);
      session.sendApp('V', mdRequest(id, '1', symbol));
    }
  }

  private onMarketData(sink: SourceSink, type: 'W' | 'X', view: MsgView): void {
    const time = parseFixTime(view.getString(52)); // SendingTime, epoch ms
    if (type === 'W') {
      const symbol = view.getString(55);
      if (!symbol) {
        sink.malformed('MarketDataSnapshotFullRefresh without Symbol(55)');
        return;
      }
      const tick = this.book.snapshot(symbol, mdEntries(view, symbol), time);
      if (tick) sink.tick(tick);
      return;
    }
    for (const tick of this.book.incremental(mdEntries(view), time)) sink.tick(tick);
  }
}

/** Top of book (MarketDepth 1), bid and offer, incremental updates. */
function mdRequest(id: string, subscription: '1' | '2', symbol: string): Record<string, unknown> {
  return {
    MDReqID: id,
    SubscriptionRequestType: subscription,
    MarketDepth: 1,
    MDUpdateType: 1,
    MDReqGrp: { NoMDEntryTypes: [{ MDEntryType: '0' }, { MDEntryType: '1' }] },
    InstrmtMDReqGrp: { NoRelatedSym: [{ Instrument: { Symbol: symbol } }] },
  };
}

/** FIX_HOST is required. */
export function fixSourceFromEnv(deps: SourceDeps): FixSource {
  const settings = fixSettingsFromEnv(deps.env);
  if (!settings) throw new Error('PRICE_SOURCES names fix but FIX_HOST is not set');
  return new FixSource(settings, { timers: deps.timers, random: Math.random });
}

// Reading 35=W/X entries needs jspurefix's types only: the heavy engine loads only when a FIX source connects.
/** `symbol` is the message's Symbol for a snapshot. */
export function mdEntries(view: MsgView, symbol?: string): MdEntry[] {
  const group =
    view.getView('NoMDEntries') ?? view.getView('MDFullGrp.NoMDEntries') ?? view.getView('MDIncGrp.NoMDEntries');
  const entries: MdEntry[] = [];
  if (!group) return entries;
  const n = group.groupCount();
  for (let i = 0; i < n; i++) {
    const e = group.getGroupInstance(i);
    if (!e) continue;
    const type = e.getString(269);
    if (type !== BID && type !== OFFER && type !== TRADE) continue;
    const entry: MdEntry = { type, symbol: e.getString(55) ?? symbol ?? '' };
    const action = e.getString(279);
    const price = e.getString(270);
    const size = e.getString(271);
    if (action !== null) entry.action = action;
    if (price !== null) entry.price = price;
    if (size !== null) entry.size = size;
    entries.push(entry);
  }
  return entries;
}
