// Which instrument's alert sheet is open, and what its form starts with (docs/alerts.md "Where an alert is set"): the
// trade header's bell, a market row's long-press / context menu and the chart's "alert at this price" all open the one
// sheet through openAlertSheet. A visitor is sent to sign in first (alerts are kept on the account).
import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { AlertKind } from '../../../domain/price-alerts.ts';
import type { Instrument } from '../../../domain/types.ts';
import { currentPath, loginPath, navigateTo } from '../shell/navigator.ts';
import { $loggedIn } from '../account/session.ts';

export interface AlertSheetRequest {
  inst: Instrument;
  kind: AlertKind;
  /** A price to start the price field with (the chart's); null: the current price. */
  price: string | null;
  /** Grows with every opening, so the form starts afresh (the key of the form). */
  seq: number;
}

const $request = signal<AlertSheetRequest | null>(null, { name: 'alert-sheet.$request' });
/** The open alert sheet's request; null while closed. */
export const $alertSheet: ReadonlySignal<AlertSheetRequest | null> = $request;

let seq = 0;

export function openAlertSheet(inst: Instrument, start: { kind?: AlertKind; price?: string } = {}): void {
  if (!$loggedIn.peek()) {
    navigateTo(loginPath(currentPath()));
    return;
  }
  $request.value = { inst, kind: start.kind ?? 'price', price: start.price ?? null, seq: ++seq };
}

export function closeAlertSheet(): void {
  $request.value = null;
}
