// What the alert routes are handed (AppContext.alerts) and what configures Web Push (ServerConfig.push). Built by
// server/compose.ts: the writer (role all, market) also runs the AlertWatcher; a gateway announces changes on the bus.
import type { Agent } from 'node:https';
import type { AlertChanged } from './alerts.ts';
import type { AlertWatcher } from './alert-watcher.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface AlertsContext {
  /** Announces an added or deleted alert, so the market writer's index follows at once. */
  changed: AlertChanged;
  /** The VAPID public key (base64url) the app subscribes its PushManager with. */
  vapidPublicKey: string;
  /** Hosts a push endpoint may be on (PUSH_SERVICE_HOSTS unless configured). */
  pushHosts: readonly string[];
  /** This process's watcher when it is the market writer (role all, market); tests wait on it. */
  watcher?: AlertWatcher | undefined;
}

export interface PushOptions {
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; default: generated once into {dataDir}/vapid.json. */
  vapid?: VapidKeys | undefined;
  /** VAPID_SUBJECT: the contact push services may write to (mailto: or https:). */
  subject?: string | undefined;
  /** The push services' hosts an endpoint may be on ('*.x' matches subdomains; 'host:port' names a port, else only 443). */
  hosts?: readonly string[] | undefined;
  /** TLS agent for push requests (tests: trusts the local endpoint's certificate). */
  agent?: Agent | undefined;
}

/** The VAPID contact when VAPID_SUBJECT is not set. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:alerts@tickwise.invalid';
