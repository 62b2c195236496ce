// A new token or language reaches the running feed at once, not only at the next navigation.
import { effect } from '@preact/signals-react';
import type { FeedConfig } from '../../../workers/protocol.ts';
import { $token } from '../../state/account/session.ts';
import { $lang } from '../../i18n/lang-signal.ts';

export interface FeedSyncDeps {
  startFeed(config: FeedConfig): Promise<void>;
  feedConfig(): Promise<FeedConfig>;
}

/** The first values are skipped: the first navigation starts the feed. */
export function syncFeedWithSession(deps: FeedSyncDeps): () => void {
  let first = true;
  return effect(() => {
    // Read both so the effect re-runs when either changes.
    void $token.value;
    void $lang.value;
    if (first) {
      first = false;
      return;
    }
    deps
      .feedConfig()
      .then((config) => deps.startFeed(config))
      .catch((err: unknown) => console.warn('feed update failed', err));
  });
}
