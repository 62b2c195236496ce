// The codes low-bandwidth mode keeps on the socket whatever is on screen (workers/feed/wire-codes.ts, issue 26): the
// open positions' instruments (live P&L, stop-outs), as last synced or, before that, from the account's last-known
// snapshot, and the /trade instrument. The rows on screen come from quote interest (quote-interest.ts).
import { computed, type ReadonlySignal } from '@preact/signals-react';
import { $lastAccount } from './account-cache.ts';
import { $currentCode } from './current-code.ts';
import { $heldPositions } from './position-sync.ts';

export const $pinnedCodes: ReadonlySignal<string[]> = computed(() => {
  const codes = new Set<string>();
  const current = $currentCode.value;
  if (current) codes.add(current);
  for (const o of [...$heldPositions.value, ...($lastAccount.value?.positions ?? [])]) {
    const code = o.ForexTradeLists.Code;
    if (code) codes.add(code);
  }
  return [...codes].sort();
}, { name: 'pinned-codes.$pinnedCodes' });
