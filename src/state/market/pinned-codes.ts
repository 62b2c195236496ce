// Codes the feed keeps current whatever is on screen: positions', /trade's, alerts' (workers/feed/quote-filter.ts).
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
      const code = o.instrument.Code;
      if (code) codes.add(code);
    }
    for (const a of $alerts.value?.alerts ?? []) if (a.status === 'active') codes.add(a.code);
    return [...codes].sort();
  },
  { name: 'pinned-codes.$pinnedCodes' },
);
