// Node's parser refuses these before Fastify sees a request, so there is no `lang` header to read.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { clientFaultKey, failure } from './errors.ts';
import { pickLanguage, translate } from './i18n.ts';

export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(failure(translate(pickLanguage(undefined), clientFaultKey(status))));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
