// The feed gets every holding order and the balance for live P&L only while a screen that shows them is mounted.
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import { usedMargin, type Balance, type AppOrder } from '../../../domain/types.ts';
import { balance } from '../../api/account.ts';
import { myDeal } from '../../api/trading.ts';
import type { AccountUpdate } from '../../../workers/protocol.ts';
import { feed } from '../feed/feed-bridge.ts';
import { $account } from '../feed/feed-signals.ts';
import { currentGeneration } from './order-lists.ts';

/** As the server last said (its balance after every action and event). */
export const $funds: Signal<Balance | null> = signal<Balance | null>(null, { name: 'position-sync.$funds' });

/** 20 per page; beyond it floating P&L is partial. */
export const MAX_POSITION_PAGES = 50;

let positions = new Map<number, AppOrder>();

/** The chart draws their trailing stops from it. */
export const $heldPositions: Signal<readonly AppOrder[]> = signal([], { name: 'position-sync.$heldPositions' });
const publish = (): void => {
  $heldPositions.value = [...positions.values()];
};
let positionsSynced = false;
let positionsVersion = 0; // bumped by events, so a sync that raced one runs again
let active = 0; // mounted screens that show positions (/order, /trade's account strip)

/** The feed holds our positions, so $account's floating P&L and equity are ours. */
export const $livePositions: Signal<boolean> = signal(false, { name: 'position-sync.$livePositions' });

/** The feed's account figures while they are ours: it holds the positions, and its figures show them (those from
 * before it was given them, a screen just mounted again, hold none: their floating P&L is 0 and their risk rate the
 * balance over the margin). */
export const $feedAccount: ReadonlySignal<AccountUpdate | null> = computed(
  () => {
    const account = $account.value;
    if (!$livePositions.value || !account) return null;
    return account.positions.length > 0 || $heldPositions.value.length === 0 ? account : null;
  },
  { name: 'position-sync.$feedAccount' },
);

function tellFeed(list: AppOrder[], funds: Balance | null): void {
  Promise.resolve()
    .then(() => feed().setPositions(list, funds?.balance ?? '0', funds ? usedMargin(funds) : '0'))
    .catch((err: unknown) => console.warn('orders: setPositions failed', err));
}

function pushPositions(): void {
  const funds = $funds.peek();
  if (active === 0 || !positionsSynced || !funds) return;
  $livePositions.value = true;
  tellFeed([...positions.values()], funds);
}

function clearFeedPositions(): void {
  if (!$livePositions.peek()) return;
  $livePositions.value = false;
  tellFeed([], $funds.peek());
}

let syncing: Promise<void> | null = null;
let syncAgain = false;

/** A call during a run or an event makes it read once more; after three reads the last one stands. */
export function syncPositions(): Promise<void> {
  if (syncing) {
    syncAgain = true;
    return syncing;
  }
  syncing = (async () => {
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        syncAgain = false;
        const gen = currentGeneration();
        const version = positionsVersion;
        const all: AppOrder[] = [];
        let total = Infinity;
        for (let page = 1; all.length < total && page <= MAX_POSITION_PAGES; page++) {
          const res = await myDeal(1, page, { toast: false });
          if (gen !== currentGeneration()) return;
          total = Number(res.total) || 0;
          if (!Array.isArray(res.data) || res.data.length === 0) break;
          all.push(...res.data);
        }
        const stale = syncAgain || version !== positionsVersion;
        if (stale && attempt < 2) continue;
        positions = new Map(all.filter((o) => o.Status === 1).map((o) => [o.Id, o]));
        publish();
        positionsSynced = true;
        pushPositions();
        return;
      }
    } catch (err) {
      console.warn('orders: positions sync failed', err); // rows keep the list's own P&L until the next sync
    } finally {
      syncing = null;
    }
  })();
  return syncing;
}

let fundsRun: Promise<void> | null = null;
let fundsAgain = false;

/** Calls during a request make it ask once more, so the last answer is never older than the last call. */
export function refreshFunds(): Promise<void> {
  if (fundsRun) {
    fundsAgain = true;
    return fundsRun;
  }
  fundsRun = (async () => {
    do {
      fundsAgain = false;
      const gen = currentGeneration();
      try {
        const b = await balance({ toast: false });
        if (gen === currentGeneration()) $funds.value = b;
      } catch {
        // keep the last known balance; the next action or event asks again
      }
    } while (fundsAgain);
  })().finally(() => {
    fundsRun = null;
    pushPositions();
  });
  return fundsRun;
}

/** True for the first one: it starts following events and syncing. */
export function screenMounted(): boolean {
  return ++active === 1;
}

/** True when it was the last: the feed is then given no positions, so no work per quote. */
export function screenUnmounted(): boolean {
  active--;
  if (active > 0) return false;
  positionsSynced = false; // never push the set a previous visit left with
  clearFeedPositions();
  return true;
}

export function notePositionOpen(order: AppOrder): void {
  positionsVersion++;
  if (order.Status === 1) {
    positions.set(order.Id, order);
    publish();
  }
}

export function notePositionClosed(id: number): void {
  positionsVersion++;
  if (positions.delete(id)) publish();
}

export function resetPositions(): void {
  positionsVersion++;
  positions = new Map();
  publish();
  positionsSynced = false;
  $funds.value = null;
  clearFeedPositions();
}
