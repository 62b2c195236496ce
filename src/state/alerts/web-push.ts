// Web Push for price alerts (docs/alerts.md "Delivery"); only from a tap, as the permission prompt needs one.
import { signal, type ReadonlySignal } from '@preact/signals-react';
import { base64urlnopad } from '@scure/base';
import { pushKey, subscribePush, unsubscribePush } from '../../api/alerts.ts';
import { $lang } from '../../i18n/lang-signal.ts';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on' | 'busy';

const $state = signal<PushState>('off', { name: 'web-push.$state' });
export const $pushState: ReadonlySignal<PushState> = $state;

const supported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  typeof Notification !== 'undefined';

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return supported() ? navigator.serviceWorker.getRegistration() : undefined;
}

export async function readPushState(): Promise<void> {
  $state.value = await pushState();
}

async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await registration();
  if (!reg) return 'unsupported'; // no service worker (a dev build): nothing could receive a push
  return (await reg.pushManager.getSubscription()) && Notification.permission === 'granted' ? 'on' : 'off';
}

/** The server's VAPID key (base64url, its padding kept or not) as bytes in a plain ArrayBuffer, as subscribe wants. */
export const pushKeyBytes = (key: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(base64urlnopad.decode(key.replace(/=+$/, '')));

export async function enablePush(): Promise<boolean> {
  if (!supported()) return false;
  $state.value = 'busy';
  try {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      $state.value = permission === 'denied' ? 'denied' : 'off';
      return false;
    }
    const reg = await navigator.serviceWorker.ready;
    const { key } = await pushKey();
    const sub =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: pushKeyBytes(key) }));
    const json = sub.toJSON();
    await subscribePush({
      endpoint: sub.endpoint,
      p256dh: json.keys?.p256dh ?? '',
      auth: json.keys?.auth ?? '',
      lang: $lang.peek(),
    });
    $state.value = 'on';
    return true;
  } catch (err) {
    console.warn('push subscription failed', err);
    $state.value = 'off';
    return false;
  }
}

/** `token` is the session being signed out, so the server still knows the account. */
export async function forgetPushDevice(token: string): Promise<void> {
  const sub = await (await registration())?.pushManager.getSubscription();
  if (!sub) return;
  await unsubscribePush(sub.endpoint, token).catch(() => undefined);
  await sub.unsubscribe().catch(() => false);
  $state.value = 'off';
}
