// The codes whose quotes the feed keeps current whatever is on screen: the open positions' instruments (live P&L,
// stop-outs), as last synced or, before that, from the account's last-known snapshot, the /trade instrument, and the
// instruments with an active price alert (the alert sheet opens on a current price). The feed parses only these and
// the rows on screen (quote interest, quote-interest.ts; workers/feed/quote-filter.ts), and low-bandwidth
// mode keeps them on the socket (workers/feed/wire-codes.ts).
import { computed, type ReadonlySignal } from '@preact/signals-react';
import { $lastAccount } from '../account/account-cache.ts';
import { $currentCode } from './current-code.ts';
import { $heldPositions } from '../orders/position-sync.ts';
import { $alerts } from '../alerts/price-alerts.ts';

export const $pinnedCodes: ReadonlySignal<string[]> = computed(
  () => {
    const codes = new Set<string>();
    const current = $currentCode.value;
    if (current) codes.add(current);
    for (const o of [...$heldPositions.value, ...($lastAccount.value?.positions ?? [])]) {
      const code = o.ForexTradeLists.Code;
      if (code) codes.add(code);
    }
    for (const a of $alerts.value?.alerts ?? []) if (a.status === 'active') codes.add(a.code);
    return [...codes].sort();
  },
  { name: 'pinned-codes.$pinnedCodes' },
);
