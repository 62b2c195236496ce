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

export const $oneClick: Signal<boolean> = signal(localStore()?.getItem(SETTING_KEY) === 'on', {
  name: 'one-click.$oneClick',
});

export function setOneClick(on: boolean): void {
  $oneClick.value = on;
  keepLocal(SETTING_KEY, on ? 'on' : 'off');
}

/** The phone's market orders ask once unless turned off; the desk's form never asks (its one-click is its choice). */
export const $confirmMarket: Signal<boolean> = signal(localStore()?.getItem(CONFIRM_KEY) !== 'off', {
  name: 'one-click.$confirmMarket',
});

export function setConfirmMarket(on: boolean): void {
  $confirmMarket.value = on;
  keepLocal(CONFIRM_KEY, on ? 'on' : 'off');
}

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
