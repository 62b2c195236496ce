// The request's facts without the request, so a flow runs and is tested without HTTP.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Language } from '../../domain/types.ts';
import { deviceName } from '../auth/devices.ts';
import { requestToken } from '../auth/session.ts';
import type { SessionOrigin } from '../auth/tokens.ts';
import { pickLanguage } from '../http/i18n.ts';

export interface Requester {
  /** Behind a trusted proxy, the forwarded one. */
  ip: string;
  /** '' when the user agent says nothing usable. */
  device: string;
  lang: Language;
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

export const originOf = (who: Requester): SessionOrigin => ({ device: who.device, address: who.ip });
