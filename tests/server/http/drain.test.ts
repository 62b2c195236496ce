// A drain closes a keep-alive connection only after its last answer (docs/operations.md "Restarts"): a request
// already on its way when the stop begins — its bytes in the server's socket, not read yet — is answered, with
// `Connection: close`, instead of the connection being reset under it (ECONNRESET at the client).
import { connect, type Socket } from 'node:net';
import { expect, it } from 'vitest';
import { startTestServer } from '../support/harness.ts';

function request(path: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: tickwise.test\r\nConnection: keep-alive\r\n\r\n`;
}

/** Collects what the socket receives until `done(text)` holds, or the socket ends or fails. */
function readUntil(socket: Socket, done: (text: string) => boolean): Promise<{ text: string; error: string }> {
  return new Promise((resolve) => {
    let text = '';
    const finish = (error: string) => {
      socket.removeAllListeners('data');
      resolve({ text, error });
    };
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (done(text)) finish('');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => finish(err.code ?? err.message));
    socket.once('close', () => finish('closed'));
  });
}

const answered = (n: number) => (text: string) =>
  (text.match(/HTTP\/1\.1 \d{3}/g) ?? []).length >= n && /\r\n\r\n[\s\S]*\}$/.test(text);

it('answers a request that reached a keep-alive connection as the drain began, then closes it', async () => {
  const server = await startTestServer();
  const { port } = new URL(server.baseUrl);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const first = readUntil(socket, answered(1));
  socket.write(request('/healthz'));
  expect((await first).text).toMatch(/^HTTP\/1\.1 200/);
  // The connection is idle now. The second request is written and the stop begins in the same turn of the event
  // loop: its bytes wait in the server's socket, unread, when the drain looks for idle connections.
  const second = readUntil(socket, (text) => /\r\n\r\n[\s\S]*\}$/.test(text));
  socket.write(request('/healthz'));
  const closing = server.close();
  const got = await second;
  expect(got.error).toBe('');
  expect(got.text).toMatch(/^HTTP\/1\.1 200/);
  expect(got.text.toLowerCase()).toContain('connection: close');
  await closing;
  socket.destroy();
});
