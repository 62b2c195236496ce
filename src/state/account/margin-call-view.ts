// When the margin-call banner shows (docs/trading.md "Margin call"); apart from margin-call.ts to avoid a loop.
import { computed, effect, type ReadonlySignal } from '@preact/signals-react';
import { dec, isDecimalText } from '../../../domain/decimal.ts';
import { $feedAccount } from '../orders/position-sync.ts';
import { $crossing, $dismissed, $marginCall, $marginCallLevel } from './margin-call.ts';

/** null unless the feed's figures are the account's (position-sync.ts): before that, their rate would read as above
 * any level. */
export const $liveRiskRate: ReadonlySignal<string | null> = computed(() => $feedAccount.value?.riskRate ?? null, {
  name: 'margin-call-view.$liveRiskRate',
});

/** null while either is not known (the feed resyncing, nothing held, the level not read yet). */
const $side: ReadonlySignal<'below' | 'above' | null> = computed(
  () => {
    const rate = $liveRiskRate.value;
    const level = $marginCallLevel.value;
    if (!rate || !level || !isDecimalText(rate) || !isDecimalText(level)) return null;
    return dec(rate).times(100).lte(dec(level)) ? 'below' : 'above';
  },
  { name: 'margin-call-view.$side' },
);

/** Flips only at a crossing, a call or a dismissal, so a tick re-renders nothing. */
export const $marginCallOn: ReadonlySignal<boolean> = computed(
  () => !$dismissed.value && ($side.value === 'below' || $marginCall.value !== null),
  { name: 'margin-call-view.$on' },
);

// A rate unknown for a moment (the feed resyncing) is no crossing; a server call always shows it (showMarginCall).
effect(() => {
  if ($side.value === 'above' && $marginCall.value === null) $dismissed.value = false;
});
let lastSide: 'below' | 'above' | null = null;
effect(() => {
  const side = $side.value;
  if (side === 'below' && lastSide !== 'below') $crossing.value = $crossing.peek() + 1;
  lastSide = side;
});
