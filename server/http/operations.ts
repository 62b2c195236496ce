// Every operation's operationId and one-line summary for the OpenAPI document, a generated client's method names and
// doc lines, in one table (keyed by Fastify's "METHOD /url"). A route missing here still gets a document (an id made
// from its path, its method and path as the summary: never a broken /api/openapi.json), and
// tests/server/openapi.test.ts fails until it is added.
type Operation = readonly [operationId: string, summary: string];

export const OPERATIONS: Readonly<Record<string, Operation>> = {
  'GET /api/openapi.json': ['getOpenApiDocument', 'This document (OpenAPI 3.1)'],
  'GET /': ['getWebApp', 'The web app (its HTML page)'],
  'GET /healthz': ['getHealth', 'Liveness and database reachability, for load balancers'],
  'GET /manifest.json': ['getWebManifest', "The web app manifest, in the site's name"],
  'GET /api/default/area_list': ['listAreaCodes', 'Calling codes for a mobile number'],
  'GET /api/default/setting': ['getPublicSetting', 'One public setting by key'],
  'GET /api/basicSet/getBasicInfo': ['getBasicInfo', "The site's basic information (name, logo, links)"],
  'GET /api/company/getCompany': ['findCompanies', 'Provider companies, by name or id'],
  'GET /api/company/getCompanyStatus': ['getCompanyStatus', 'Whether the product search lists provider companies'],
  'POST /api/notify/send_sms': ['sendSmsCode', 'Send a verification code by SMS'],
  'POST /api/notify/send_email': ['sendEmailCode', 'Send a verification code by e-mail'],
  'POST /api/notify/code_state': ['getCodeDeliveryState', 'Whether a sent code reached its gateway (by its key)'],
  'GET /api/captcha': ['getCaptcha', 'A picture captcha and its key'],
  'GET /v1/api/notices/list': ['listNotices', "The account's in-app notices, a page at a time"],
  'POST /v1/api/notices/read': ['markNoticesRead', 'Mark one notice, or all of them, read'],
  'GET /v1/api/notices/settings': ['getNoticeSettings', "The account's anti-phishing phrase"],
  'POST /v1/api/notices/settings': ['saveNoticeSettings', 'Set or clear the anti-phishing phrase'],
  'POST /api/user/loginForU': ['login', 'Log in with an e-mail address or mobile number and a password'],
  'GET /api/user/createAccountDemoForU': [
    'loginDemo',
    'Log in to the demo account bound to this demo id (created on first use)',
  ],
  'POST /api/user/logout': ['logout', 'End this session (success also without one)'],
  'POST /api/user/register': ['register', 'Sign up with a verification code'],
  'POST /api/user/forget_password': ['resetPassword', 'Set a new password with a verification code'],
  'GET /api/user/info': ['getUser', 'The logged-in user'],
  'POST /api/user/amend_password': ['changePassword', 'Change the password with a verification code'],
  'GET /v1/api/main/user/resetForexDemoAccount': ['resetDemo', 'Reset the demo account to its starting balance'],
  'GET /v1/api/main/wallet/getBalance': ['getBalance', "The account's balances"],
  'GET /api/quickCharge/info': ['listDepositCoins', 'Coins and networks to deposit with'],
  'GET /api/quickCharge/symbols': ['listWireCurrencies', 'Currencies to deposit by bank wire'],
  'GET /api/quickCharge/wire_info': ['getWireInfo', 'The bank details for a wire deposit in one currency'],
  'GET /api/quickCharge/submit': ['submitCoinDeposit', 'Report a coin deposit with its proof'],
  'GET /api/quickCharge/wire_submit': ['submitWireDeposit', 'Report a wire deposit with its proof'],
  'GET /api/quickCharge/quick_ist': ['listDeposits', "The user's deposits, a page at a time"],
  'GET /api/account/draw_symbol_list': ['listWithdrawalCurrencies', 'Currencies a withdrawal can be paid in'],
  'POST /api/account/draw': ['requestWithdrawal', 'Ask for a withdrawal to a saved payout method'],
  'GET /api/account/draw_list': ['listWithdrawals', "The user's withdrawals, a page at a time"],
  'GET /api/wallet/get_draw_method': ['listPayoutMethods', "The user's saved payout methods"],
  'POST /api/wallet/bind_draw_method': ['savePayoutMethod', 'Save a payout method (a coin address or a bank account)'],
  'POST /api/wallet/del_draw_method': ['deletePayoutMethod', 'Delete a saved payout method'],
  'POST /api/user_real/real_name': ['submitRealName', 'Submit the real-name check (name, ID number, two photos)'],
  'GET /api/user_real/center': ['getRealName', "The real-name check's state"],
  'GET /api/fund/list': ['listFunds', 'Mining funds, a page at a time'],
  'GET /api/fund/info': ['getFund', 'One mining fund'],
  'GET /api/fund/buy': ['buyFund', 'Subscribe an amount to a mining fund'],
  'GET /api/fund/subList': ['listFundSubscriptions', "The user's fund subscriptions, a page at a time"],
  'GET /api/fund/insList': ['listFundIncomes', 'The daily incomes of one subscription'],
  'GET /api/fund/applyRefund': ['redeemFund', 'Redeem a subscription early (less the penalty)'],
  'POST /api/common/image_upload': ['uploadImage', 'Upload one image (deposit proof, ID photo)'],
  'GET /api/common/image/:id': ['getImage', 'An uploaded image (its owner, or the operators)'],
  'GET /v1/api/forex/submit': ['placeOrder', 'Open a position or place a pending order'],
  'GET /v1/api/forex/my_deal': ['listOrders', "The user's orders by status, a page at a time"],
  'GET /v1/api/forex/close': ['closePosition', 'Close a position, all or part of it'],
  'GET /v1/api/forex/close_all': [
    'closePositions',
    'Close every position, or every buy or sell, optionally of one product',
  ],
  'GET /v1/api/forex/cancel_trade': ['cancelOrder', 'Cancel a pending order'],
  'GET /v1/api/forex/set_stop_price': ['setStops', "Set a position's take-profit, stop-loss and trailing stop"],
  'GET /v1/api/main/account/forexDetail': ['getAccountSummary', "The trading account's equity, margin and profit"],
  'GET /v1/api/main/accountLog/forexChange': ['listLedger', "The account's money movements, a page at a time"],
  'GET /api/ops/commands': ['listOpsCommands', 'The operator commands and their parameters'],
  'POST /api/ops/run/:name': ['runOpsCommand', 'Run one operator command'],
  'GET /api/news/list': ['listNews', 'News articles, a page at a time'],
  'GET /api/news/info': ['getNews', 'One news article'],
  'GET /api/follow/list': ['listTraderRanking', 'The trader ranking, a page at a time'],
  'GET /api/user/invite': ['getInvite', "The user's invite code and link"],
  'GET /api/user/complaint_email': ['getComplaintEmail', 'Where to send a complaint'],
  'GET /api/basicSet/announcement': ['getAnnouncement', 'The current announcement'],
  'GET /v1/api/watchlist/list': ['listWatchlist', "The user's watchlist"],
  'POST /v1/api/watchlist/add': ['addToWatchlist', 'Add a product to the watchlist'],
  'POST /v1/api/watchlist/remove': ['removeFromWatchlist', 'Remove a product from the watchlist'],
  'GET /v1/api/chart/settings': [
    'getChartSettings',
    "The user's chart settings: which indicators show and their parameters",
  ],
  'POST /v1/api/chart/settings': ['saveChartSettings', "Save the user's chart settings (replaces them whole)"],
  'POST /v1/api/watchlist/move': ['moveInWatchlist', 'Move a product to another place in the watchlist'],
  'GET /v1/api/main/accountLog/export': ['exportLedger', "The account's money movements as CSV"],
  'GET /v1/api/forex/history_export': ['exportTrades', 'The closed trades as CSV'],
  'GET /v1/api/alerts/list': ['listAlerts', "The user's price alerts"],
  'POST /v1/api/alerts/create': ['createAlert', 'Create a price alert'],
  'POST /v1/api/alerts/delete': ['deleteAlert', 'Delete a price alert'],
  'GET /v1/api/alerts/push/key': ['getPushKey', "The server's Web Push public key"],
  'POST /v1/api/alerts/push/subscribe': ['subscribePush', 'Receive price alerts by Web Push on this browser'],
  'POST /v1/api/alerts/push/unsubscribe': ['unsubscribePush', 'Stop Web Push on this browser'],
  'GET /v1/api/forex/trade_list': ['listProducts', 'Products with their quotes, by category or search'],
  'GET /v1/api/forex/getCategories': ['listCategories', 'Product categories'],
  'GET /v1/api/forex/kline': ['getKlines', 'Candles of one product and period'],
  'GET /v1/api/forex/abbreviated_cache_kline': ['getSparkline', "A product's recent closes, for a small chart"],
  'GET /v1/ws': ['liveSocket', 'The live socket (websocket upgrade)'],
};

/** The summary a route missing from the table gets (the test looks for it). */
const missingSummary = (method: string, url: string): string => `${method} ${url}`;

/** The route's operationId and summary: the table's, else made from the method and path. */
export function operationOf(method: string, url: string): Operation {
  const op = OPERATIONS[`${method} ${url}`];
  if (op) return op;
  const words = `${method.toLowerCase()} ${url}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const id = words.map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1))).join('');
  return [id, missingSummary(method, url)];
}
