// When the margin-call banner shows (docs/trading.md "Margin call"): wherever equity is shown (/trade's strip, the
// desk, /order), while the live risk rate is at or below the dealer's level, or since the server's call, until
// dismissed; a dismissed banner comes back at the next crossing (the rate back above the level, then down again) or
// the server's next call. Apart from margin-call.ts, which the feed bridge imports, so the feed's modules form no loop.
import { computed, effect, type ReadonlySignal } from '@preact/signals-react';
import { dec, isDecimalText } from '../../../domain/decimal.ts';
import { $account } from '../feed/feed-signals.ts';
import { $livePositions } from '../orders/position-sync.ts';
import { $dismissed, $marginCall, $marginCallLevel } from './margin-call.ts';

/** The account's live risk rate (a ratio) while the feed holds its positions, else null. */
export const $liveRiskRate: ReadonlySignal<string | null> = computed(
  () => ($livePositions.value ? ($account.value?.riskRate ?? null) : null),
  { name: 'margin-call-view.$liveRiskRate' },
);

/** True while the live risk rate is at or below the dealer's level (both known). */
export const $belowLevel: ReadonlySignal<boolean> = computed(
  () => {
    const rate = $liveRiskRate.value;
    const level = $marginCallLevel.value;
    if (!rate || !level || !isDecimalText(rate) || !isDecimalText(level)) return false;
    return dec(rate).times(100).lte(dec(level));
  },
  { name: 'margin-call-view.$belowLevel' },
);

/** Whether the banner shows: flips only at a crossing, a call or a dismissal (a tick re-renders nothing). */
export const $marginCallOn: ReadonlySignal<boolean> = computed(
  () => !$dismissed.value && ($belowLevel.value || $marginCall.value !== null),
  { name: 'margin-call-view.$on' },
);

// Back above the level: the next crossing shows the banner again.
effect(() => {
  if (!$belowLevel.value && $marginCall.value === null) $dismissed.value = false;
});
