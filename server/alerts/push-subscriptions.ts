// Rules for storing a browser's Web Push subscription (docs/alerts.md "Web Push"): the endpoint must be an https URL
// on a known push service (the server POSTs to it, so an arbitrary URL would let a user make the server call anything),
// the keys must be a P-256 public key and a 16-byte auth secret; at most PUSH_DEVICES_MAX browsers per user.
import { PUSH_DEVICES_MAX } from '../../domain/price-alerts.ts';
import { LANGUAGES } from '../../domain/types.ts';
import { lockUser } from '../auth/users.ts';
import type { Db } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { deleteSubscription, saveSubscription, trimSubscriptions, type PushTarget } from './push-repository.ts';

/** The push services of Chrome/Edge/Android (FCM), Firefox (Mozilla autopush), Safari (Apple) and Windows (WNS). */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
];

/**
 * Whether the endpoint is on an allowed push service. An entry names a host ('*.x' for its subdomains) on the default
 * HTTPS port only: the same host on another port is another service the server must not be made to call. An entry
 * may name its port ('127.0.0.1:8443', the tests' local push service), and then only that port.
 */
function hostAllowed(url: URL, allowed: readonly string[]): boolean {
  return allowed.some((h) => {
    if (/:\d+$/.test(h)) return url.host === h;
    if (url.port !== '') return false; // URL drops ':443' for https, so any port left is another one
    return h.startsWith('*.') ? url.hostname.endsWith(h.slice(1)) : url.hostname === h;
  });
}

/**
 * Whether the server may POST to this endpoint: https, no credentials, on an allowed push service. Checked when a
 * subscription is stored and again before each send, so a row stored under an older rule (a port the rule now
 * refuses) is never called.
 */
export function endpointAllowed(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.username === '' && url.password === '' && hostAllowed(url, hosts);
}

function base64urlBytes(text: string): number {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64url').length : -1;
}

/** The subscription as sent, checked; refused with a translated error otherwise. */
export function checkedTarget(t: PushTarget, hosts: readonly string[]): PushTarget {
  if (!endpointAllowed(t.endpoint, hosts)) throw new ApiError('alerts.errors.push_endpoint');
  const p256 = Buffer.from(t.p256dh, 'base64url');
  if (base64urlBytes(t.p256dh) !== 65 || p256[0] !== 4 || base64urlBytes(t.auth) !== 16) {
    throw new ApiError('alerts.errors.push_keys');
  }
  const lang = (LANGUAGES as readonly string[]).includes(t.lang) ? t.lang : 'en';
  return { endpoint: new URL(t.endpoint).href, p256dh: t.p256dh, auth: t.auth, lang };
}

export async function subscribePush(
  db: Db,
  userId: number,
  target: PushTarget,
  hosts: readonly string[],
  at: number,
): Promise<void> {
  const t = checkedTarget(target, hosts);
  await db.tx(async (q) => {
    await lockUser(q, userId);
    await saveSubscription(q, userId, t, at);
    await trimSubscriptions(q, userId, PUSH_DEVICES_MAX);
  });
}

export async function unsubscribePush(db: Db, userId: number, endpoint: string): Promise<void> {
  await deleteSubscription(db, userId, endpoint);
}
