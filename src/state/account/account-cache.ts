// The account's last-known state between visits, painted with its age until the live figures replace it.
import { computed, effect, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import { del, get, set } from 'idb-keyval';
import type { Balance, AppOrder } from '../../../domain/types.ts';
import type { Clock } from '../shell/clock.ts';
import { orderLists } from '../orders/order-lists.ts';
import { $funds, $heldPositions } from '../orders/position-sync.ts';
import { $sessionRestored, $token, $user } from './session.ts';

export const ACCOUNT_CACHE_KEY = 'tw:account';

export interface AccountSnapshot {
  owner: number; // another user's snapshot is never painted
  at: number; // when the server's answer was received (ms)
  funds: Balance;
  floating: string | null;
  positions: AppOrder[];
}

/** null once the server answered (or there is none). */
export const $lastAccount: Signal<AccountSnapshot | null> = signal(null, { name: 'account-cache.$lastAccount' });

export const $accountAsOf: ReadonlySignal<number | null> = computed(
  () => ($funds.value ? null : ($lastAccount.value?.at ?? null)),
  { name: 'account-cache.$accountAsOf' },
);

/** Stands in for /order's holding list until its first page or the live balance comes; actions stay off meanwhile. */
export const $holdingStandIn: ReadonlySignal<AccountSnapshot | null> = computed(
  () => (orderLists[1].value.page === 0 ? $lastAccount.value : null),
  { name: 'account-cache.$holdingStandIn' },
);

function isSnapshot(v: unknown): v is AccountSnapshot {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Partial<AccountSnapshot>;
  return (
    typeof s.owner === 'number' &&
    typeof s.at === 'number' &&
    typeof s.funds === 'object' &&
    s.funds !== null &&
    Array.isArray(s.positions) &&
    // One with the wire's fields is not painted: the live list replaces it.
    s.positions.every(
      (p: Partial<AppOrder> | null) => typeof p?.margin === 'string' && typeof p.instrument?.Code === 'string',
    )
  );
}

/** IndexedDB refusing (private mode) only means nothing is painted early. */
export function startAccountCache(clock: Clock): () => void {
  let loaded = false;
  const offLoad = effect(() => {
    if (loaded || !$sessionRestored.value) return;
    const user = $user.value;
    if (!$token.value || !user) return;
    loaded = true;
    void get<unknown>(ACCOUNT_CACHE_KEY)
      .then((v) => {
        // Live figures that came first win; a snapshot of someone else is never shown.
        if (isSnapshot(v) && v.owner === user.id && !$funds.peek() && $user.peek()?.id === user.id)
          $lastAccount.value = v;
      })
      .catch(() => undefined);
  });
  const offSave = effect(() => {
    const funds = $funds.value;
    const floating = orderLists[1].value.allFactProfits;
    const positions = $heldPositions.value;
    const user = $user.peek();
    if (!funds || !user) return;
    $lastAccount.value = null;
    const snap: AccountSnapshot = { owner: user.id, at: clock.now(), funds, floating, positions: [...positions] };
    void set(ACCOUNT_CACHE_KEY, snap).catch(() => undefined);
  });
  let lastToken: string | null = null;
  const offClear = effect(() => {
    const token = $token.value;
    if (lastToken !== null && token !== lastToken) {
      // The market's cached list and quotes stay.
      $lastAccount.value = null;
      loaded = false;
      void del(ACCOUNT_CACHE_KEY).catch(() => undefined);
    }
    lastToken = token;
  });
  return () => {
    offLoad();
    offSave();
    offClear();
  };
}
