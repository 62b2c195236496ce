// The account's live figures for any screen: floating P&L and equity from the feed while it holds this account's
// positions ($livePositions), otherwise from the last server snapshot (holding list total, balance + lock).
import { computed, type ReadonlySignal } from '@preact/signals-react';
import { dec, isDecimalText } from '../domain/decimal.ts';
import { $account } from './market.ts';
import { $funds, $livePositions, orderLists } from './orders.ts';

export const $floating: ReadonlySignal<string | null> = computed((): string | null => {
  const acc = $account.value;
  if ($livePositions.value && acc) return acc.floating;
  return orderLists[1].value.allFactProfits;
});

export const $equity: ReadonlySignal<string | null> = computed((): string | null => {
  const acc = $account.value;
  if ($livePositions.value && acc) return acc.equity;
  const funds = $funds.value;
  const floating = orderLists[1].value.allFactProfits;
  if (!funds || !isDecimalText(funds.balance) || !isDecimalText(funds.lock_balance)) return null;
  return dec(funds.balance).plus(funds.lock_balance).plus(isDecimalText(floating) ? floating : '0').toString();
});
