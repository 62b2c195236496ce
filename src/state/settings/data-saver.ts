// Low-bandwidth mode; the feed follows it (FeedApi.setLowBandwidth, wired in src/app/start/feed-root.ts).
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import { keepLocal, keptChoice } from '../shell/local-store.ts';

export type SaverSetting = 'auto' | 'on' | 'off';
export const SAVER_SETTINGS: readonly [SaverSetting, ...SaverSetting[]] = ['auto', 'on', 'off'];
const KEY = 'tw:data-saver';

/** Chromium only; elsewhere automatic means off. */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
  addEventListener?(type: 'change', listener: () => void): void;
}

export const $saverSetting: Signal<SaverSetting> = signal<SaverSetting>(keptChoice(KEY, SAVER_SETTINGS), {
  name: 'data-saver.$saverSetting',
});
export const $slowNetwork: Signal<boolean> = signal(false, { name: 'data-saver.$slowNetwork' });

export const $lowBandwidth: ReadonlySignal<boolean> = computed(
  () => $saverSetting.value === 'on' || ($saverSetting.value === 'auto' && $slowNetwork.value),
  { name: 'data-saver.$lowBandwidth' },
);

export function setSaverSetting(v: SaverSetting): void {
  $saverSetting.value = v;
  keepLocal(KEY, v);
}

/** The user's data-saver switch, or a 2G-class link. */
export function isSlowNetwork(info: ConnectionInfo | undefined): boolean {
  if (!info) return false;
  return info.saveData === true || info.effectiveType === '2g' || info.effectiveType === 'slow-2g';
}

export function watchConnection(info: ConnectionInfo | undefined): void {
  $slowNetwork.value = isSlowNetwork(info);
  info?.addEventListener?.('change', () => ($slowNetwork.value = isSlowNetwork(info)));
}
