// A TCP proxy in front of the app server that holds back every request carrying quotes (the live socket's upgrade,
// trade_list) until a given moment: "the server's first quote arrives 3 s late", for the page and its feed worker
// alike (playwright's routing does not reach a worker's websocket). Everything else passes at once.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from '../fixtures/free-port.ts';

const QUOTE_REQUEST = /^GET \/v1\/(ws|api\/forex\/trade_list)\b/m;

export interface QuoteDelayProxy {
  url: string;
  /** Quote requests sent before `at` (ms epoch) wait until then. */
  holdQuotesUntil(at: number): void;
  close(): Promise<void>;
}

export async function startQuoteDelayProxy(targetPort: number): Promise<QuoteDelayProxy> {
  const port = await freePort();
  let releaseAt = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    let held: Buffer[] | null = null;
    client.on('data', (chunk: Buffer) => {
      if (held) return void held.push(chunk);
      const wait = releaseAt - Date.now();
      if (wait > 0 && QUOTE_REQUEST.test(chunk.toString('latin1'))) {
        held = [chunk];
        setTimeout(() => {
          for (const c of held ?? []) upstream.write(c);
          held = null;
        }, wait);
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = (): void => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    holdQuotesUntil: (at) => void (releaseAt = at),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
