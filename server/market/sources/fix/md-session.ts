// jspurefix does logon, heartbeats, sequence checks and resends; this turns 35=W, X, Y into RawTicks and counts.
// The engine tries once: reconnecting with jittered back-off is the source's job (reconnecting-source.ts).
import 'reflect-metadata';
import {
  AsciiSession,
  EmptyLogFactory,
  SessionLauncher,
  type EngineFactory,
  type IJsFixConfig,
  type ISessionDescription,
  type MsgView,
  type SessionId,
} from 'jspurefix';
import type { ConnectionOptions } from 'node:tls';
import type { FixSettings, FixTls } from './fix-settings.ts';
import { SeqNumStore } from './seq-store.ts';

/** `abandon` destroys the socket, connecting or connected: jspurefix itself waits for the OS's TCP timeout. */
export function sessionDescription(s: FixSettings, abandon: AbortSignal): ISessionDescription {
  return {
    application: {
      type: 'initiator',
      name: 'tickwise-md',
      protocol: 'ascii',
      dictionary: 'qf44',
      // Contents, not paths: jspurefix reads paths relative to its own package.
      tcp: {
        host: s.host,
        port: s.port,
        signal: abandon,
        ...(s.tls ? { tls: { nodeTlsConnectionOptions: { ...tlsOptions(s.tls), signal: abandon } } } : {}),
      },
      reconnectSeconds: 3600,
      connectTimeoutSeconds: 0.001,
    },
    Name: 'tickwise-md',
    BeginString: 'FIX.4.4',
    SenderCompId: s.senderCompId,
    TargetCompID: s.targetCompId,
    SenderSubID: '',
    TargetSubID: '',
    Username: s.username ?? '',
    Password: s.password,
    // An absent Username is left off the Logon rather than sent as an empty 553=, which QuickFIX rejects.
    Logon: s.username ? {} : { Username: null },
    HeartBtInt: s.heartbeatSecs,
    ResetSeqNumFlag: s.resetOnLogon,
  } as unknown as ISessionDescription;
}

/** The LP's certificate is always checked: a market-data logon carries the password. */
function tlsOptions(t: FixTls): ConnectionOptions {
  return {
    rejectUnauthorized: true,
    ...(t.ca ? { ca: [t.ca] } : {}),
    ...(t.cert && t.key ? { cert: t.cert, key: t.key } : {}),
  };
}

export class FixLauncher extends SessionLauncher {
  private readonly storeDir: string;
  private readonly make: (config: IJsFixConfig) => unknown;
  constructor(description: ISessionDescription, storeDir: string, make: (config: IJsFixConfig) => unknown) {
    super(description, null, new EmptyLogFactory());
    this.storeDir = storeDir;
    this.make = make;
  }

  protected override makeFactory(): EngineFactory {
    return {
      makeSession: (config: IJsFixConfig) => {
        // Our sequence store (seq-store.ts), not the engine's file store.
        config.sessionStoreFactory = { create: (id: SessionId) => new SeqNumStore(id, this.storeDir) };
        return this.make(config);
      },
    } as EngineFactory;
  }
}

interface MdSessionEvents {
  /** Logged on: safe to send MarketDataRequests. */
  ready(session: MdSession): void;
  snapshotOrIncremental(msgType: 'W' | 'X', view: MsgView): void;
  reject(mdReqId: string, reason: string): void;
  /** The engine answered it with 35=3. */
  malformed(reason: string): void;
  /** The LP logged us out, with its text. */
  loggedOut(text: string): void;
  stopped(error?: Error): void;
}

export class MdSession extends AsciiSession {
  private readonly events: MdSessionEvents;
  constructor(config: IJsFixConfig, events: MdSessionEvents) {
    super(config);
    this.events = events;
    this.logReceivedMsgs = false;
  }

  sendApp(msgType: string, body: Record<string, unknown>): void {
    this.send(msgType, body);
  }

  logout(): void {
    this.done();
  }

  protected onApplicationMsg(msgType: string, view: MsgView): void {
    switch (msgType) {
      case 'W':
      case 'X':
        this.events.snapshotOrIncremental(msgType, view);
        break;
      case 'Y':
        this.events.reject(view.getString(262) ?? '', rejectReason(view));
        break;
      default:
        this.events.malformed(`unexpected message type ${msgType}`);
    }
  }

  /** A garbled frame is skipped without using a sequence number (FIX 4.4); checkMsgIntegrity would refuse LP tags. */
  protected override onMsg(msgType: string, view: MsgView): void {
    const sent = Number(view.getString(10));
    if (sent !== view.checksum()) {
      this.events.malformed(`${msgType} checksum failed: received ${sent}, computed ${view.checksum()}`);
      return;
    }
    if (!Number.isInteger(Number(view.getString(34) ?? 'x'))) {
      this.events.malformed(`${msgType} without MsgSeqNum(34)`);
      return;
    }
    if (msgType === '5') this.events.loggedOut(view.getString(58) ?? 'logout');
    super.onMsg(msgType, view);
  }

  /** The stream can no longer be trusted, so the session ends and reconnects. */
  protected override rxOnError(e: Error): void {
    this.events.malformed(`unreadable frame: ${e.message}`);
    super.rxOnError(e);
  }

  protected onReady(): void {
    this.events.ready(this);
  }

  protected onStopped(error?: Error): void {
    this.events.stopped(error);
  }

  protected onLogon(): boolean {
    return true;
  }

  protected onDecoded(): void {
    // Nothing to log per message: the counts are the writer's.
  }

  protected onEncoded(msgType: string, txt: string): void {
    // The engine's checkIntegrity is private; the Reject(35=3) it sends is where a bad message shows.
    if (msgType === '3') this.events.malformed(textOf(txt) ?? 'rejected message');
  }
}

/** Whichever delimiter the engine logged it with (SOH or '|'). */
function textOf(encoded: string): string | undefined {
  for (const field of encoded.replaceAll(String.fromCharCode(1), '|').split('|'))
    if (field.startsWith('58=')) return field.slice(3);
  return undefined;
}

/** MDReqRejReason(281) and Text(58) as one operator-readable line. */
function rejectReason(view: MsgView): string {
  const reasons: Record<string, string> = {
    '0': 'unknown symbol',
    '1': 'duplicate MDReqID',
    '2': 'insufficient bandwidth',
    '3': 'insufficient permissions',
    '4': 'unsupported SubscriptionRequestType',
    '5': 'unsupported MarketDepth',
    '6': 'unsupported MDUpdateType',
    '7': 'unsupported AggregatedBook',
    '8': 'unsupported MDEntryType',
  };
  const code = view.getString(281);
  const text = view.getString(58);
  return [code !== null ? (reasons[code] ?? `reason ${code}`) : null, text].filter(Boolean).join(': ') || 'rejected';
}
