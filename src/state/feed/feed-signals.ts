// Written by the feed bridge (feed-bridge.ts); screens read them live.
import { signal, type Signal } from '@preact/signals-react';
import type { AccountUpdate, ConnState } from '../../../workers/protocol.ts';

export const $conn: Signal<ConnState> = signal<ConnState>('connecting', { name: 'market.$conn' });
export const $account: Signal<AccountUpdate | null> = signal<AccountUpdate | null>(null, { name: 'market.$account' });
/** ms epoch, live or cached: the age the offline banner states. */
export const $dataAsOf: Signal<number> = signal(0, { name: 'market.$dataAsOf' });
export const $sparklines: Signal<Record<string, Float32Array>> = signal({}, { name: 'market.$sparklines' });
