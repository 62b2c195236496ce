// Favourites: the account's list signed in, a visitor's in IndexedDB; changes show at once, the server's answer wins.
import { effect, signal, type ReadonlySignal } from '@preact/signals-react';
import { del, get, set } from 'idb-keyval';
import { addWatch, moveWatch as moveOnServer, readWatchlist, removeWatch } from '../../api/watchlist.ts';
import { movedTo, WATCHLIST_MAX, type Watchlist } from '../../../domain/watchlist.ts';
import { translate } from '../../i18n/index.ts';
import { $token } from '../account/session.ts';
import { toast } from '../shell/toasts.ts';

export const VISITOR_WATCHLIST_KEY = 'tw:watchlist';

const $ids = signal<readonly number[]>([], { name: 'watchlist.$ids' });
/** Instrument Ids, in order. */
export const $watchIds: ReadonlySignal<readonly number[]> = $ids;

let signedIn = false;
let inFlight = 0;
let generation = 0; // answers for the previous owner are dropped

const isIdList = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => Number.isInteger(x) && x > 0);

async function readVisitorList(): Promise<number[]> {
  try {
    const stored: unknown = await get(VISITOR_WATCHLIST_KEY);
    return isIdList(stored) ? stored.slice(0, WATCHLIST_MAX) : [];
  } catch {
    return []; // storage blocked: the stars last for this visit only
  }
}

/** After a refused change, on sign-in, when the app comes back to the front. */
export async function refreshWatchlist(): Promise<void> {
  if (!signedIn) return;
  const gen = generation;
  try {
    const list = await readWatchlist();
    if (gen === generation && inFlight === 0) $ids.value = list.ids;
  } catch {
    // offline: keep what is shown
  }
}

/** After the account's own, within the cap; then forgotten here. */
async function adoptVisitorList(gen: number): Promise<void> {
  const local = await readVisitorList();
  let list: Watchlist | null = null;
  let adopted = false;
  try {
    list = await readWatchlist();
    for (const id of local) {
      if (list.ids.includes(id) || list.ids.length >= list.max) continue;
      list = await addWatch(id, { toast: false });
    }
    adopted = true;
  } catch {
    // offline, or a star the server refuses (an instrument gone): the visitor's list stays for the next sign-in
  }
  if (gen === generation && list && inFlight === 0) $ids.value = list.ids;
  if (adopted && local.length > 0) await del(VISITOR_WATCHLIST_KEY).catch(() => undefined);
}

/** Read again when the page comes back to the front: another device may have changed it. */
export function startWatchlist(
  doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> = document,
): () => void {
  const onVisible = (): void => {
    if (doc.visibilityState === 'visible') void refreshWatchlist();
  };
  doc.addEventListener('visibilitychange', onVisible);
  const off = effect(() => {
    const token = $token.value;
    generation++;
    const gen = generation;
    signedIn = token !== null;
    $ids.value = [];
    if (signedIn) void adoptVisitorList(gen);
    else
      void readVisitorList().then((ids) => {
        if (gen === generation) $ids.value = ids;
      });
  });
  return () => {
    off();
    doc.removeEventListener('visibilitychange', onVisible);
  };
}

/** The answer of the last change in flight is what stays. */
async function change(next: readonly number[], call: () => Promise<Watchlist>): Promise<void> {
  $ids.value = next;
  if (!signedIn) {
    set(VISITOR_WATCHLIST_KEY, next).catch((err: unknown) => console.warn('watchlist persist failed', err));
    return;
  }
  const gen = generation;
  inFlight++;
  try {
    const answer = await call();
    inFlight--;
    if (gen === generation && inFlight === 0) $ids.value = answer.ids;
  } catch {
    inFlight--; // the client has shown the server's message
    if (inFlight === 0) await refreshWatchlist();
  }
}

export function toggleWatch(id: number): Promise<void> {
  const ids = $ids.peek();
  if (ids.includes(id))
    return change(
      ids.filter((x) => x !== id),
      () => removeWatch(id),
    );
  if (ids.length >= WATCHLIST_MAX) {
    toast(translate('watchlist.errors.full', { max: WATCHLIST_MAX }));
    return Promise.resolve();
  }
  return change([...ids, id], () => addWatch(id));
}

export function moveWatch(id: number, to: number): Promise<void> {
  const ids = $ids.peek();
  if (!ids.includes(id) || to < 0 || to >= ids.length || ids.indexOf(id) === to) return Promise.resolve();
  return change(movedTo(ids, id, to), () => moveOnServer(id, to));
}
