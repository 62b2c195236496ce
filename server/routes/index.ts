// The REST route modules of the server, in registration order. Each is a RouteModule (server/http/route-module.ts):
// `(app, ctx) => Promise<void>`; opsRoutes() builds one. The market routes and /v1/ws need the live market and the
// hub, so server/compose.ts adds them after these.
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
import { fundRoutes } from './fixed-term-funds.ts';
import { copyRoutes } from './copy.ts';
import { withdrawalRoutes } from './withdrawals.ts';
import { tradingRoutes } from './trading.ts';
import { accountRoutes } from './account.ts';
import { opsRoutes } from './ops.ts';
import { contentRoutes } from './content.ts';
import { watchlistRoutes } from './watchlist.ts';
import { statementRoutes } from './statements.ts';
import { alertRoutes } from './alerts.ts';
import { chartSettingsRoutes } from './chart-settings.ts';
import { securityRoutes } from './security.ts';
import { noticeRoutes } from './notices.ts';
import { retailRoutes } from './retail.ts';

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
    fundRoutes,
    copyRoutes,
    uploadRoutes,
    // The order engine's routes (server/compose.ts starts the engine) and the trading account's routes.
    tradingRoutes,
    accountRoutes,
    // The back office (token-guarded): the operator commands of server/ops/commands/.
    opsRoutes(),
    // News, ranking, invitations, complaint e-mail, announcement.
    contentRoutes,
    // the favourites kept on the account, and the CSV statements of records and order history.
    watchlistRoutes,
    statementRoutes,
    // price alerts and the browsers that receive them by Web Push.
    alertRoutes,
    // the chart's indicators kept on the account.
    chartSettingsRoutes,
    // Account security: the second factor, sessions and devices, the withdrawal code (docs/security.md).
    securityRoutes,
    // The in-app notice list and the anti-phishing phrase (docs/notifications.md).
    noticeRoutes,
    // Retail protection: the risk warning's figure, leverage caps, the appropriateness questionnaire.
    retailRoutes,
  ];
}
