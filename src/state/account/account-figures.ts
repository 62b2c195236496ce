// The account's live figures for any screen: floating P&L and equity from the feed while it holds this account's
// positions ($livePositions), otherwise from the last server snapshot (holding list total, balance + margin), and
// before the server's first answer from the snapshot kept between visits (account-cache.ts, shown with its age).
import { computed, type ReadonlySignal } from '@preact/signals-react';
import { dec, isDecimalText } from '../../../domain/decimal.ts';
import { equity, stopOutDistance } from '../../../domain/trade-maths.ts';
import { moneyText } from '../../../domain/format/money-text.ts';
import { usedMargin } from '../../../domain/types.ts';
import { usd } from '../../../domain/units.ts';
import { $lastAccount } from './account-cache.ts';
import { $account } from '../feed/feed-signals.ts';
import { $funds, $livePositions, orderLists } from '../orders/orders.ts';

export const $floating: ReadonlySignal<string | null> = computed(
  (): string | null => {
    const acc = $account.value;
    if ($livePositions.value && acc) return acc.floating;
    const last = $funds.value ? null : $lastAccount.value;
    return last ? last.floating : orderLists[1].value.allFactProfits;
  },
  { name: 'account-figures.$floating' },
);

export const $equity: ReadonlySignal<string | null> = computed(
  (): string | null => {
    const acc = $account.value;
    if ($livePositions.value && acc) return acc.equity;
    const last = $funds.value ? null : $lastAccount.value;
    const funds = $funds.value ?? last?.funds ?? null;
    const floating = last ? last.floating : orderLists[1].value.allFactProfits;
    const margin = funds ? usedMargin(funds) : null;
    if (!funds || !margin || !isDecimalText(funds.balance) || !isDecimalText(margin)) return null;
    // Between snapshots and the feed's figures: the same equity rule (domain/trade-maths.ts), computed once per change.
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

/** How much more the account may lose before the 50 % stop-out (domain/trade-maths.ts stopOutDistance): the live
 * equity against the server's used margin; null with nothing held. Shown beside the margin level and in the banner. */
export const $stopOutDistance: ReadonlySignal<string | null> = computed(
  (): string | null => {
    const eq = $equity.value;
    const funds = $funds.value ?? $lastAccount.value?.funds ?? null;
    const margin = funds ? usedMargin(funds) : null;
    if (!eq || !margin || !isDecimalText(eq) || !isDecimalText(margin) || !dec(margin).gt(0)) return null;
    return moneyText(stopOutDistance(usd(eq), usd(margin)));
  },
  { name: 'account-figures.$stopOutDistance' },
);
