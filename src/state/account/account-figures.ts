// The feed's figures while it holds the positions, else the server's snapshot, else the one kept between visits.
import { computed, type ReadonlySignal } from '@preact/signals-react';
import { dec, isDecimalText } from '../../../domain/decimal.ts';
import { equity, stopOutDistance } from '../../../domain/trade-maths.ts';
import { moneyText } from '../../../domain/format/money-text.ts';
import { usedMargin } from '../../../domain/types.ts';
import { usd } from '../../../domain/units.ts';
import { $lastAccount } from './account-cache.ts';
import { $feedAccount, $funds, orderLists } from '../orders/orders.ts';

export const $floating: ReadonlySignal<string | null> = computed(
  (): string | null => {
    const acc = $feedAccount.value;
    if (acc) return acc.floating;
    const last = $funds.value ? null : $lastAccount.value;
    return last ? last.floating : orderLists[1].value.allFactProfits;
  },
  { name: 'account-figures.$floating' },
);

export const $equity: ReadonlySignal<string | null> = computed(
  (): string | null => {
    const acc = $feedAccount.value;
    if (acc) return acc.equity;
    const funds = $funds.value ?? $lastAccount.value?.funds ?? null;
    const floating = $floating.value;
    const margin = funds ? usedMargin(funds) : null;
    if (!funds || !margin || !isDecimalText(funds.balance) || !isDecimalText(margin)) return null;
    // The same equity rule as the feed (domain/trade-maths.ts).
    return moneyText(
      equity({
        balance: usd(funds.balance),
        lockBalance: usd(margin),
        floating: usd(isDecimalText(floating) ? floating : '0'),
      }),
    );
  },
  { name: 'account-figures.$equity' },
);

/** The feed's while it holds the positions, else equity against the server's used margin; null with nothing held. */
export const $stopOutDistance: ReadonlySignal<string | null> = computed(
  (): string | null => {
    const acc = $feedAccount.value;
    if (acc) return acc.stopOutDistance;
    const eq = $equity.value;
    const funds = $funds.value ?? $lastAccount.value?.funds ?? null;
    const margin = funds ? usedMargin(funds) : null;
    if (!eq || !margin || !isDecimalText(eq) || !isDecimalText(margin) || !dec(margin).gt(0)) return null;
    return moneyText(stopOutDistance(usd(eq), usd(margin)));
  },
  { name: 'account-figures.$stopOutDistance' },
);
