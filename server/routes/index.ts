// The route modules of the server, in registration order. Each has the shape
// `export async function xRoutes(app: FastifyInstance, ctx: AppContext): Promise<void>`.
import type { RouteModule } from '../http/route-module.ts';
import { commonRoutes } from './common.ts';
import { healthRoutes } from './health.ts';
import { notifyRoutes } from './notify.ts';
import { uploadRoutes } from './upload.ts';
import { userRoutes } from './user.ts';
import { walletRoutes } from './wallet.ts';
import { tradingRoutes } from './trading.ts';
import { fundsRoutes } from './funds.ts';
import { contentRoutes } from './content.ts';

export function coreRoutes(opts: { uploadsDir: string }): RouteModule[] {
  return [
    healthRoutes,
    commonRoutes,
    notifyRoutes,
    userRoutes,
    walletRoutes,
    uploadRoutes(opts.uploadsDir),
    // TRADING: the order engine's routes (starts the engine) and the trading account's funds routes.
    tradingRoutes,
    fundsRoutes,
    // CONTENT: news, ranking, invitations, complaint e-mail, announcement.
    contentRoutes,
    // MARKET HOOK: market REST routes are added in server/server.ts (marketRoutes) next to the ws route.
  ];
}
