import type { FeedConfig } from '../../../workers/protocol.ts';
import { apiBase, wsUrl } from '../../api/api-address.ts';
import { $lang } from '../../i18n/lang-signal.ts';
import { $token, $settings } from '../../state/account/session.ts';
import { settingsReady } from '../../state/settings/settings.ts';

/** Older while its market is open: shown stale (docs/client.md). */
export const STALE_AFTER_MS = 10_000;
/** docs/contract.md §9: any trade_fee_type other than 1 is margin × rate; used until getBasicInfo answers. */
export const DEFAULT_TRADE_FEE_TYPE = 2;

export function currentFeedConfig(): FeedConfig {
  return {
    wsUrl: wsUrl(),
    apiBase: apiBase(),
    lang: $lang.peek(),
    token: $token.peek(),
    tradeFeeType: $settings.peek()?.trade_fee_type ?? DEFAULT_TRADE_FEE_TYPE,
    staleAfterMs: STALE_AFTER_MS,
  };
}

/** So the worker gets the right trade_fee_type on its first start. */
export async function feedConfigWhenReady(): Promise<FeedConfig> {
  await settingsReady();
  return currentFeedConfig();
}
