// Who asks, as the account flows need it: the facts of an HTTP request the sign-in, registration and password flows
// read (address, device, language, the session's own token, the request's log), without the request itself, so a
// flow runs and is tested without HTTP (docs/architecture.md "Conventions": routes declare and map, services act).
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Language } from '../../domain/types.ts';
import { deviceName } from '../auth/devices.ts';
import { requestToken } from '../auth/session.ts';
import type { SessionOrigin } from '../auth/tokens.ts';
import { pickLanguage } from '../http/i18n.ts';

export interface Requester {
  /** The client's address (request.ip: behind a trusted proxy, the forwarded one). */
  ip: string;
  /** The device name read from the user agent ('' when it says nothing usable). */
  device: string;
  /** The language notices to the account are written in (the lang header). */
  lang: Language;
  /** The session token the request carries, or null. */
  token: string | null;
  log: FastifyBaseLogger;
}

export const requesterOf = (request: FastifyRequest): Requester => ({
  ip: request.ip,
  device: deviceName(request.headers['user-agent']),
  lang: pickLanguage(request.headers.lang),
  token: requestToken(request),
  log: request.log,
});

/** Where a session is opened from (docs/security.md "Sessions and devices"). */
export const originOf = (who: Requester): SessionOrigin => ({ device: who.device, address: who.ip });

export const iso = (ms: number): string => new Date(ms).toISOString();
