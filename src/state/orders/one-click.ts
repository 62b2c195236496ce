// Kept in localStorage through the one adapter.
import { signal, type Signal } from '@preact/signals-react';
import { keepLocal, localStore } from '../shell/local-store.ts';

const SETTING_KEY = 'tw:one-click';
const CONFIRM_KEY = 'tw:confirm-market';
const LAST_KEY = 'tw:last-order';

/** The multiplier's Value is null in fixed-margin mode. */
export interface LastOrder {
  lots: string;
  leverage: number | null;
}

/** The leverage keeps the stored name `multiple`, so a saved size survives. */
interface StoredLastOrder {
  lots: string;
  multiple: number | null;
}

/** Kept as 'on' or 'off'; `fallback` while neither is. */
function onOff(key: string, fallback: boolean, name: string): [Signal<boolean>, (on: boolean) => void] {
  const kept = localStore()?.getItem(key);
  const $on = signal(kept === 'on' || (kept !== 'off' && fallback), { name });
  const set = (on: boolean): void => {
    $on.value = on;
    keepLocal(key, on ? 'on' : 'off');
  };
  return [$on, set];
}

export const [$oneClick, setOneClick] = onOff(SETTING_KEY, false, 'one-click.$oneClick');
/** The phone's market orders ask once unless turned off; the desk's form never asks (its one-click is its choice). */
export const [$confirmMarket, setConfirmMarket] = onOff(CONFIRM_KEY, true, 'one-click.$confirmMarket');

function isStored(v: unknown): v is StoredLastOrder {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.lots === 'string' && (o.multiple === null || typeof o.multiple === 'number');
}

function readAll(): Record<string, LastOrder> {
  try {
    const parsed: unknown = JSON.parse(localStore()?.getItem(LAST_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const out: Record<string, LastOrder> = {};
    for (const [code, v] of Object.entries(parsed)) if (isStored(v)) out[code] = { lots: v.lots, leverage: v.multiple };
    return out;
  } catch {
    return {};
  }
}

/** A signal so the one-click buttons show the size they will send. */
export const $lastOrders: Signal<Readonly<Record<string, LastOrder>>> = signal(readAll(), {
  name: 'one-click.$lastOrders',
});

export function rememberOrder(code: string, last: LastOrder): void {
  const next = { ...$lastOrders.peek(), [code]: { lots: last.lots, leverage: last.leverage } };
  $lastOrders.value = next;
  const stored = Object.entries(next).map(([c, o]): [string, StoredLastOrder] => [
    c,
    { lots: o.lots, multiple: o.leverage },
  ]);
  keepLocal(LAST_KEY, JSON.stringify(Object.fromEntries(stored)));
}
