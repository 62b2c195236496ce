// The market routes and /v1/ws need the live market and the hub, so server/compose.ts adds them after these.
import type { RouteModule } from '../core/app-context.ts';
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
import { feedbackRoutes } from './feedback.ts';

export const CORE_ROUTES: readonly RouteModule[] = [
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
  tradingRoutes,
  accountRoutes,
  opsRoutes,
  contentRoutes,
  watchlistRoutes,
  statementRoutes,
  alertRoutes,
  chartSettingsRoutes,
  securityRoutes,
  noticeRoutes,
  retailRoutes,
  feedbackRoutes,
];
