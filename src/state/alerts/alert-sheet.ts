// Every way to set an alert opens this one sheet (docs/alerts.md "Where an alert is set"); a visitor signs in first.
import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { AlertKind } from '../../../domain/price-alerts.ts';
import type { Instrument } from '../../../domain/types.ts';
import { currentPath, loginPath, navigateTo } from '../shell/navigator.ts';
import { $loggedIn } from '../account/session.ts';

export interface AlertSheetRequest {
  inst: Instrument;
  kind: AlertKind;
  /** null: the current price. */
  price: string | null;
  /** The form's key, so it starts afresh at every opening. */
  seq: number;
}

const $request = signal<AlertSheetRequest | null>(null, { name: 'alert-sheet.$request' });
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
