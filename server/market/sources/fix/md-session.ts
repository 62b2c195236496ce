// jspurefix does logon, heartbeats, sequence checks and resends; this turns 35=W, X, Y into RawTicks and counts.
import 'reflect-metadata';
import { AsciiSession, type IJsFixConfig, type MsgView } from 'jspurefix';

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
