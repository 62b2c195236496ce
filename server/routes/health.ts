import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { ping } from '../db/ping.ts';
import { ok } from '../http/envelope.ts';
import { sendUnavailable } from '../http/errors.ts';
import { query } from '../http/schemas.ts';
import { HEALTH } from '../http/wire/account.ts';
import { anyObject, publicRead, rawReply } from '../http/wire-schema.ts';

const TAGS = ['Service'];

const WEB_MANIFEST = {
  name: 'Tickwise',
  short_name: 'Tickwise',
  description: 'Live quotes and leveraged trading in your pocket.',
  lang: 'zh-HK',
  dir: 'auto',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  background_color: '#0b0f17',
  theme_color: '#0b0f17',
  categories: ['finance', 'business'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} as const;

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/healthz', publicRead(TAGS, HEALTH), async (request, reply) => {
    try {
      await ping(ctx.db, ctx.timers);
      return ok({ status: 'ok', db: ctx.db.kind, time: ctx.clock.now() });
    } catch (err) {
      return sendUnavailable(err, request, reply);
    }
  });

  app.get(
    '/manifest.json',
    {
      schema: {
        tags: TAGS,
        querystring: query(),
        response: rawReply('application/manifest+json', anyObject, 'The web app manifest'),
      },
    },
    async (_request, reply) =>
      reply
        .type('application/manifest+json; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(WEB_MANIFEST),
  );
}
