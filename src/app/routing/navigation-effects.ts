// docs/contract.md §2; startFeed is idempotent, so this only revives a feed that is not running.
import type { FeedConfig } from '../../../workers/protocol.ts';
import { TRADE_LIST_PATHS } from '../routes.tsx';

export interface NavigationDeps {
  refreshTradeList(): Promise<unknown> | void;
  startFeed(config: FeedConfig): Promise<void>;
  /** Once base settings (trade_fee_type) are known or failed to load. */
  feedConfig(): Promise<FeedConfig>;
}

function report(what: string): (err: unknown) => void {
  return (err) => console.warn(`${what} failed`, err);
}

export function onNavigate(pathname: string, deps: NavigationDeps): void {
  if (TRADE_LIST_PATHS.has(pathname)) {
    try {
      void Promise.resolve(deps.refreshTradeList()).catch(report('trade list refresh'));
    } catch (err) {
      report('trade list refresh')(err);
    }
  }
  deps
    .feedConfig()
    .then((config) => deps.startFeed(config))
    .catch(report('live feed start'));
}
