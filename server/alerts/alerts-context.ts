import type { Agent } from 'node:https';
import type { AlertChanged } from './alerts.ts';
import type { AlertWatcher } from './alert-watcher.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface AlertsContext {
  /** The market writer's index follows at once. */
  changed: AlertChanged;
  /** Base64url, for the app's PushManager. */
  vapidPublicKey: string;
  /** PUSH_SERVICE_HOSTS unless configured. */
  pushHosts: readonly string[];
  /** Only on the market writer; tests wait on it. */
  watcher?: AlertWatcher | undefined;
}

export interface PushOptions {
  /** Default: generated once into {dataDir}/vapid.json. */
  vapid?: VapidKeys | undefined;
  /** VAPID_SUBJECT: the contact push services may write to (mailto: or https:). */
  subject?: string | undefined;
  /** '*.x' matches subdomains; 'host:port' names a port, else only 443. */
  hosts?: readonly string[] | undefined;
  /** Tests trust the local endpoint's certificate with it. */
  agent?: Agent | undefined;
}

export const DEFAULT_VAPID_SUBJECT = 'mailto:alerts@tickwise.invalid';
