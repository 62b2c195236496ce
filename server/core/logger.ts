// The server's one pino logger; Fastify takes the same instance so requests and services share one stream.
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

export function createLogger(level = 'info'): FastifyBaseLogger {
  return pino({ level });
}
