// The feed fetches at most once a minute however often this is called.
import type { FeedHandle } from './feed-bridge.ts';
import { $sparklines } from './feed-signals.ts';

export async function refreshSparklines(handle: Pick<FeedHandle, 'sparklines'>): Promise<void> {
  try {
    $sparklines.value = await handle.sparklines();
  } catch (err) {
    console.warn('feed: sparklines unavailable', err);
  }
}
