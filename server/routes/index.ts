// The route modules of the server, in registration order. Each has the shape
// `export async function xRoutes(app: FastifyInstance, ctx: AppContext): Promise<void>`.
import type { RouteModule } from '../http/route-module.ts';
import { commonRoutes } from './common.ts';
import { healthRoutes } from './health.ts';
import { notifyRoutes } from './notify.ts';
import { uploadRoutes } from './upload.ts';
import { userRoutes } from './user.ts';
import { walletRoutes } from './wallet.ts';
import { depositRoutes } from './deposits.ts';
import { payoutMethodRoutes } from './payout-methods.ts';
import { realNameRoutes } from './real-name.ts';
import { miningRoutes } from './mining.ts';
import { withdrawalRoutes } from './withdrawals.ts';
import { tradingRoutes } from './trading.ts';
import { fundsRoutes } from './funds.ts';
import { opsRoutes } from './ops.ts';

export function coreRoutes(): RouteModule[] {
  return [
    healthRoutes,
    commonRoutes,
    notifyRoutes,
    userRoutes,
    walletRoutes,
    depositRoutes,
    withdrawalRoutes,
    payoutMethodRoutes,
    realNameRoutes,
    miningRoutes,
    uploadRoutes,
    // TRADING: the order engine's routes (starts the engine) and the trading account's funds routes.
    tradingRoutes,
    fundsRoutes,
    // The back office (token-guarded): the operator commands of server/ops/commands/.
    opsRoutes(),
    // MARKET HOOK: market REST routes are added in server/server.ts (marketRoutes) next to the ws route.
  ];
}
