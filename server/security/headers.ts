// Security headers and `Cache-Control: no-store` on API answers (docs/security.md, Headers).
import type { Services } from '../core/services.ts';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../../domain/api-paths.ts';
import { getSetting } from '../settings/settings.ts';

/** How long a changed service_link may take to reach frame-src. */
export const FRAME_HOST_REFRESH_MS = 30_000;

/** Anything but http(s) never gets framed. */
export function frameOrigin(link: string): string | null {
  try {
    const u = new URL(link);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

interface SecurityHeaderDeps extends Pick<Services, 'db' | 'clock'> {
  /** The page's inline scripts allowed to run; none when no client is built (inline-scripts.ts). */
  scriptHashes: () => readonly string[];
}

export async function registerSecurityHeaders(app: FastifyInstance, deps: SecurityHeaderDeps): Promise<void> {
  let frameSrc = "'none'";
  let checkedAt = -Infinity;
  // The directive callbacks are synchronous: refresh the chat origin from the settings ahead of them.
  app.addHook('onRequest', async (request) => {
    const now = deps.clock.now();
    if (now - checkedAt < FRAME_HOST_REFRESH_MS) return;
    checkedAt = now;
    try {
      frameSrc = frameOrigin(await getSetting(deps.db, 'service_link')) ?? "'none'";
    } catch (err) {
      // A database hiccup must not fail every page and asset: keep the last known origin.
      request.log.warn({ err }, 'could not read service_link for frame-src');
    }
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Only the page's own first-screen paint runs inline, by its hash (inline-scripts.ts).
        scriptSrc: ["'self'", () => deps.scriptHashes().join(' ')],
        // Style attributes set by React and the chart library.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // /mine/chat probes the chat origin so an unreachable chat shows a message instead of a broken frame.
        connectSrc: ["'self'", () => (frameSrc === "'none'" ? "'self'" : frameSrc)],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        frameSrc: [() => frameSrc],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // The app embeds a third-party chat frame: COEP would block it.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    // Sent only over TLS (below): over plain http the header means nothing.
    strictTransportSecurity: false,
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
    const path = request.url.split('?')[0] ?? '';
    // Balances, orders and tokens must not sit in a shared or browser cache.
    if (isApiPath(path)) reply.header('Cache-Control', 'no-store');
  });
}
