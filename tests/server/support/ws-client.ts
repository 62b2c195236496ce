// A real `ws` client for the server tests of /v1/ws: records every message and waits for the next one matching a
// predicate; `barrier` proves that nothing more is on its way (a socket's frames arrive in order). And the hooks of a
// socket test: a test server whose clients are all closed before it is.
import WebSocket from 'ws';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from './harness.ts';
import type { ServerMessage } from '../../../domain/ws-protocol.ts';
import { slow } from '../../fixtures/slowness.ts';

export type Msg = ServerMessage & Record<string, unknown>;

/** A websocket client that records every message and lets a test wait for the next one matching a predicate. */
export class Client {
  readonly messages: Msg[] = [];
  private cursor = 0;
  private waiters: Array<() => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse((data as Buffer).toString('utf8')) as Msg);
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  static open(url: string): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const c = new Client(ws);
      ws.once('open', () => resolve(c));
      ws.once('error', reject);
    });
  }

  send(m: unknown): void {
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  /** The next message (after the ones already taken) that matches, within `ms`. */
  async next(match: (m: Msg) => boolean, ms = 2000): Promise<Msg> {
    const deadline = Date.now() + slow(ms);
    for (;;) {
      while (this.cursor < this.messages.length) {
        const m = this.messages[this.cursor++] as Msg;
        if (match(m)) return m;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Skips everything received so far. */
  drain(): void {
    this.cursor = this.messages.length;
  }

  countSince(mark: number, type: string): number {
    return this.messages.slice(mark).filter((m) => m.type === type).length;
  }

  close(): void {
    this.ws.close();
  }
}

export const isType =
  (type: string) =>
  (m: Msg): boolean =>
    m.type === type;

/** Everything the server sent this client before now has arrived once the pong to this ping is in. */
export async function barrier(c: Client): Promise<void> {
  c.send({ type: 'ping' });
  await c.next(isType('pong'));
}

/** A test server for socket tests, read once its beforeAll has run, and the clients opened on it. */
export interface SocketServer {
  readonly server: TestServer;
  /** Opens a client on the server's /v1/ws; it is closed after the tests. */
  client(): Promise<Client>;
  /** Closes the clients opened so far (a test that needs the server to count none of them). */
  closeClients(): void;
}

/** Registers the hooks that start a test server (with `opts`) and, after the tests, close its clients and it. */
export function useSocketServer(opts: TestServerOptions = {}): SocketServer {
  let server: TestServer | undefined;
  const open: Client[] = [];
  beforeAll(async () => {
    server = await startTestServer(opts);
  });
  const closeClients = (): void => {
    for (const c of open.splice(0)) c.close();
  };
  afterAll(async () => {
    closeClients();
    await server?.close();
  });
  const started = (): TestServer => {
    if (!server) throw new Error('the test server is not started yet');
    return server;
  };
  return {
    get server() {
      return started();
    },
    async client() {
      const c = await Client.open(started().wsUrl);
      open.push(c);
      return c;
    },
    closeClients,
  };
}
