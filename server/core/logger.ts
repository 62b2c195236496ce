// The server's one logger (pino), built first by the composition root so every service logs through it from the
// start; Fastify takes the same instance (loggerInstance), so requests and services share one stream.
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

export function createLogger(level = 'info'): FastifyBaseLogger {
  return pino({ level });
}
