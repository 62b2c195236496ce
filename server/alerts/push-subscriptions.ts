// The server POSTs to a stored push subscription, so it must be on a known service (docs/alerts.md "Web Push").
import { PUSH_DEVICES_MAX } from '../../domain/price-alerts.ts';
import { LANGUAGES } from '../../domain/types.ts';
import { lockUser } from '../auth/users.ts';
import type { Db } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { saveSubscription, trimSubscriptions, type PushTarget } from './push-repository.ts';

/** FCM, Mozilla autopush, Apple and WNS. */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
];

/** Default HTTPS port only, unless the entry names its port: the same host on another port is another service. */
function hostAllowed(url: URL, allowed: readonly string[]): boolean {
  return allowed.some((h) => {
    if (/:\d+$/.test(h)) return url.host === h;
    if (url.port !== '') return false; // URL drops ':443' for https, so any port left is another one
    return h.startsWith('*.') ? url.hostname.endsWith(h.slice(1)) : url.hostname === h;
  });
}

/** Checked again before each send, so a row stored under an older rule is never called. */
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

/** Refused with a translated error. */
function checkedTarget(t: PushTarget, hosts: readonly string[]): PushTarget {
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
