// This browser's Web Push subscription for price alerts (docs/alerts.md "Web Push"): turned on only from a tap in the
// alerts sheet (the permission prompt needs a user gesture), with the server's VAPID public key; the subscription's
// endpoint and keys are stored on the account so a fired alert reaches a closed app. A sign-out removes it.
import { signal, type ReadonlySignal } from '@preact/signals-react';
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

/** Reads where this browser stands (the sheet shows it). */
export async function readPushState(): Promise<void> {
  if (!supported()) {
    $state.value = 'unsupported';
    return;
  }
  if (Notification.permission === 'denied') {
    $state.value = 'denied';
    return;
  }
  const reg = await registration();
  if (!reg) {
    $state.value = 'unsupported'; // no service worker (a dev build): nothing could receive a push
    return;
  }
  $state.value = (await reg.pushManager.getSubscription()) && Notification.permission === 'granted' ? 'on' : 'off';
}

const bytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
};

/** The tap on "also notify me when the app is closed": asks the permission, subscribes, stores it on the account. */
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
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(key) }));
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

/** Sign-out on this browser: the account stops pushing here (with the token being signed out) and the browser forgets. */
export async function forgetPushDevice(token: string): Promise<void> {
  const sub = await (await registration())?.pushManager.getSubscription();
  if (!sub) return;
  await unsubscribePush(sub.endpoint, token).catch(() => undefined);
  await sub.unsubscribe().catch(() => false);
  $state.value = 'off';
}
