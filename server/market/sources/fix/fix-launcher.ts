// The engine tries once: reconnecting with jittered back-off is the source's job (reconnecting-source.ts).
import 'reflect-metadata';
import {
  EmptyLogFactory,
  SessionLauncher,
  type EngineFactory,
  type IJsFixConfig,
  type ISessionDescription,
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
