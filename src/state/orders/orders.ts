// Nothing runs at import: src/app/start/start.ts starts the listeners (startOrderListeners).
import { batch, effect } from '@preact/signals-react';
import { $instruments } from '../market/instruments.ts';
import { onOrderEvent, onOrderGap } from '../feed/feed-listeners.ts';
import { $token } from '../account/session.ts';
import { followAccount, resetLivePositions } from '../account/live-positions.ts';
import { handleOrderEvent, handleOrderGap } from './order-actions.ts';
import { nextGeneration, resetLists } from './order-lists.ts';
import { resetSheet } from './order-sheet.ts';
import { refreshFunds, resetPositions, screenMounted, screenUnmounted, syncPositions } from './position-sync.ts';

export { isFinished, loadMore, orderLists, refreshList, tabFromQuery, type OrderTab } from './order-lists.ts';
export { $openOrder, $openOrderId, closeSheet, openOrder } from './order-sheet.ts';
export { livePosition, livePositionCount } from '../account/live-positions.ts';
export { $funds, $heldPositions, $livePositions, refreshFunds, syncPositions } from './position-sync.ts';
export {
  cancelPending,
  closeAllPositions,
  closePosition,
  handleOrderEvent,
  handleOrderGap,
  saveStops,
  movePending,
} from './order-actions.ts';

let detach: (() => void) | null = null;

/** While no screen is mounted the feed is given no positions, so no work per quote. */
export function startOrders(ensureInstruments?: () => void): () => void {
  if (screenMounted()) {
    const offEvent = onOrderEvent(handleOrderEvent);
    const offGap = onOrderGap(handleOrderGap);
    detach = () => {
      offEvent();
      offGap();
    };
    // The feed can only mark positions of instruments it knows: a direct visit to /order loads the list first.
    if ($instruments.peek().length === 0) ensureInstruments?.();
    void refreshFunds();
    void syncPositions();
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    if (!screenUnmounted()) return;
    detach?.();
    detach = null;
  };
}

export function resetOrders(): void {
  nextGeneration();
  batch(() => {
    resetLists();
    resetSheet();
    resetPositions();
  });
  resetLivePositions();
}

/** Another token (sign-out, 999, another user) makes every list, balance and position someone else's. */
export function startOrderListeners(): () => void {
  const offAccount = followAccount();
  let lastToken: string | null | undefined;
  const offToken = effect(() => {
    const token = $token.value;
    // From null a token is a sign-in or the stored session arriving: nothing of anyone's was loaded before it.
    if (lastToken && token !== lastToken) resetOrders();
    lastToken = token;
  });
  return () => {
    offAccount();
    offToken();
  };
}
