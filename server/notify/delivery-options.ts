// Nothing set: every channel goes to the outbox (docs/notifications.md "Settings").
import type { KannelSettings } from './gateways/kannel.ts';
import type { TwilioSettings } from './gateways/twilio.ts';

type SmsSettings =
  | ({ provider: 'kannel' } & Omit<KannelSettings, 'timeoutMs'>)
  | ({ provider: 'twilio' } & Omit<TwilioSettings, 'timeoutMs'>);

export interface DeliveryOptions {
  smtp?: { url: string; from: string } | undefined;
  sms?: SmsSettings | undefined;
  maxAttempts?: number | undefined;
  /** First retry after about baseMs, doubling up to maxMs, with jitter. */
  retryBaseMs?: number | undefined;
  retryMaxMs?: number | undefined;
  /** An attempt's own timeouts are a third of it, so it ends within its lease. */
  leaseMs?: number | undefined;
  /** Tests pass a fixed one. */
  random?: (() => number) | undefined;
}

export const DELIVERY_DEFAULTS = {
  maxAttempts: 8,
  retryBaseMs: 5_000,
  retryMaxMs: 15 * 60_000,
  leaseMs: 2 * 60_000,
  pollMs: 1_000,
} as const;

function need(env: NodeJS.ProcessEnv, names: readonly string[], why: string): void {
  const missing = names.filter((n) => !env[n]);
  if (missing.length > 0) throw new Error(`${why} needs ${missing.join(', ')}`);
}

function positive(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

/** For the start-up line: the URL itself carries the password. */
export function smtpWhere(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}:${u.port || (u.protocol === 'smtps:' ? '465' : '587')}`;
  } catch {
    return 'SMTP';
  }
}

export function deliveryFromEnv(env: NodeJS.ProcessEnv): DeliveryOptions {
  const out: DeliveryOptions = {
    maxAttempts: positive(env, 'NOTIFY_MAX_ATTEMPTS'),
    retryBaseMs: positive(env, 'NOTIFY_RETRY_BASE_MS'),
    retryMaxMs: positive(env, 'NOTIFY_RETRY_MAX_MS'),
    leaseMs: positive(env, 'NOTIFY_LEASE_MS'),
  };
  if (env.SMTP_URL) {
    // The error names the variable, never its value: the URL holds the SMTP password.
    if (!/^smtps?:\/\/[^/?#]+/.test(env.SMTP_URL)) throw new Error('SMTP_URL must be smtp://… or smtps://…');
    need(env, ['SMTP_FROM'], 'SMTP_URL');
    out.smtp = { url: env.SMTP_URL, from: env.SMTP_FROM ?? '' };
  }
  const provider = env.SMS_PROVIDER ?? '';
  if (provider === 'kannel') {
    need(env, ['KANNEL_SENDSMS_URL', 'KANNEL_USERNAME', 'KANNEL_PASSWORD'], 'SMS_PROVIDER=kannel');
    if (!/^https?:\/\//.test(env.KANNEL_SENDSMS_URL ?? ''))
      throw new Error('KANNEL_SENDSMS_URL must be http://… or https://… (e.g. http://127.0.0.1:13013/cgi-bin/sendsms)');
    out.sms = {
      provider,
      url: env.KANNEL_SENDSMS_URL ?? '',
      username: env.KANNEL_USERNAME ?? '',
      password: env.KANNEL_PASSWORD ?? '',
      from: env.KANNEL_FROM ?? '',
    };
  } else if (provider === 'twilio') {
    need(env, ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'], 'SMS_PROVIDER=twilio');
    out.sms = {
      provider,
      accountSid: env.TWILIO_ACCOUNT_SID ?? '',
      authToken: env.TWILIO_AUTH_TOKEN ?? '',
      from: env.TWILIO_FROM ?? '',
      apiBase: env.TWILIO_API_BASE || 'https://api.twilio.com',
    };
  } else if (provider !== '') {
    throw new Error(`SMS_PROVIDER must be kannel or twilio, got "${provider}"`);
  }
  return out;
}
