// The margin call (docs/trading.md "Margin call"); margin-call-view.ts says when the banner shows.
import { effect, signal, type Signal } from '@preact/signals-react';
import type { MarginCall } from '../../../domain/ws-protocol.ts';
import { forexDetail } from '../../api/account.ts';
import { $token } from './session.ts';

export const $marginCall: Signal<MarginCall | null> = signal<MarginCall | null>(null, { name: 'margin-call.$call' });
/** In percent ("100.00"), from forexDetail or the last call; null until known. */
export const $marginCallLevel: Signal<string | null> = signal<string | null>(null, { name: 'margin-call.$level' });

/** margin-call-view.ts re-arms it at the next crossing. */
export const $dismissed: Signal<boolean> = signal(false, { name: 'margin-call.$dismissed' });

/** Counted by margin-call-view.ts. */
export const $crossing: Signal<number> = signal(0, { name: 'margin-call.$crossing' });
let dismissedIn = -1;

export function showMarginCall(call: MarginCall): void {
  $marginCallLevel.value = call.level;
  // The server tells once per crossing, up to a second after the app saw it: the crossing already dismissed stays so.
  if (dismissedIn === $crossing.value) return;
  $marginCall.value = call;
  $dismissed.value = false;
}

export function dismissMarginCall(): void {
  $marginCall.value = null;
  $dismissed.value = true;
  dismissedIn = $crossing.value;
}

/** Once per screen visit: the dealer's setting rarely changes. Quiet on failure. */
export async function loadMarginCallLevel(): Promise<void> {
  if ($token.value === null) return;
  try {
    const d = await forexDetail({ toast: false });
    if (d.margin_call_level) $marginCallLevel.value = d.margin_call_level;
  } catch {
    // the level is a hint beside the risk rate: without it the header shows the rate alone
  }
}

// Another account's call is not this one's.
let lastToken: string | null = null;
effect(() => {
  const token = $token.value;
  if (token !== lastToken) $marginCall.value = null;
  lastToken = token;
});
