// When the margin-call banner shows (docs/trading.md "Margin call"): wherever equity is shown (/trade's strip, the
// desk, /order), while the live risk rate is at or below the dealer's level, or since the server's call, until
// dismissed; a dismissed banner comes back at the next crossing (the rate back above the level, then down again) or
// the server's next call. Apart from margin-call.ts, which the feed bridge imports, so the feed's modules form no loop.
import { computed, effect, type ReadonlySignal } from '@preact/signals-react';
import { dec, isDecimalText } from '../../../domain/decimal.ts';
import { $account } from '../feed/feed-signals.ts';
import { $livePositions } from '../orders/position-sync.ts';
import { $crossing, $dismissed, $marginCall, $marginCallLevel } from './margin-call.ts';

/** The account's live risk rate (a ratio) while the feed holds its positions, else null. */
export const $liveRiskRate: ReadonlySignal<string | null> = computed(
  () => ($livePositions.value ? ($account.value?.riskRate ?? null) : null),
  { name: 'margin-call-view.$liveRiskRate' },
);

/**
 * Where the live risk rate stands against the dealer's level: 'below' (at or below), 'above', or null while either is
 * not known (the feed resyncing its positions, nothing held, the level not read yet).
 */
const $side: ReadonlySignal<'below' | 'above' | null> = computed(
  () => {
    const rate = $liveRiskRate.value;
    const level = $marginCallLevel.value;
    if (!rate || !level || !isDecimalText(rate) || !isDecimalText(level)) return null;
    return dec(rate).times(100).lte(dec(level)) ? 'below' : 'above';
  },
  { name: 'margin-call-view.$side' },
);

/** True while the live risk rate is at or below the dealer's level (both known). */
export const $belowLevel: ReadonlySignal<boolean> = computed(() => $side.value === 'below', {
  name: 'margin-call-view.$belowLevel',
});

/** Whether the banner shows: flips only at a crossing, a call or a dismissal (a tick re-renders nothing). */
export const $marginCallOn: ReadonlySignal<boolean> = computed(
  () => !$dismissed.value && ($belowLevel.value || $marginCall.value !== null),
  { name: 'margin-call-view.$on' },
);

// Seen back above the level: the next crossing shows the banner again. A rate not known for a moment (the feed
// resyncing its positions) is no crossing; a new call from the server always shows it (showMarginCall).
effect(() => {
  if ($side.value === 'above' && $marginCall.value === null) $dismissed.value = false;
});
// Each time the rate comes to or below the level, as the app sees it, is a crossing of its own.
let lastSide: 'below' | 'above' | null = null;
effect(() => {
  const side = $side.value;
  if (side === 'below' && lastSide !== 'below') $crossing.value = $crossing.peek() + 1;
  lastSide = side;
});
