// Query values that work as credentials never reach the log (docs/security.md "Logs"); a demo_id is a password.
import type { FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';

/** Compared lower-cased, after decoding. */
const SECRET_PARAMS = new Set([
  'demo_id',
  'token',
  'authorization',
  'code',
  'password',
  'new_password',
  'secret',
  // The back office's headers, should a client put one in a URL.
  'x-ops-session',
  'x-ops-token',
  'x-ops-bootstrap',
]);

const decoded = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/** The path stays as sent. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return SECRET_PARAMS.has(decoded(name).trim().toLowerCase()) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** Fastify's own request serializer (pino's `req`), with the URL redacted. */
export function logSafeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** end-of-stream's text when the client left before a compressed answer was sent; @fastify/compress logs it as an error. */
const CLIENT_LEFT = 'premature close';

/** A client that leaves mid-answer is logged at info, as Fastify logs an uncompressed stream cut short. */
export function serverLog(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      hooks: {
        logMethod(args, method, levelNumber) {
          const [first] = args;
          if (levelNumber === pino.levels.values.error && first instanceof Error && first.message === CLIENT_LEFT) {
            this.info({ err: first }, 'stream closed prematurely');
            return;
          }
          method.apply(this, args);
        },
      },
    },
    destination,
  );
}
