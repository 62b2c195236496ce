// The second factor's rules, one code path for traders and staff (docs/security.md "Second factor"): TOTP of
// RFC 6238 (SHA-1, 6 digits, 30 s steps, what every authenticator app reads from the QR code) through otpauth, a
// window of ±1 step for clocks that drift, and never the same step twice: the caller stores the step a code was
// accepted at and passes it back, so a code seen over a shoulder or replayed from a log is refused even inside its
// 90 s window. Recovery codes are ten single-use codes shown once and kept only as hashes.
// Pure: time comes in as `now`, randomness from node:crypto; storage is the caller's.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that are still accepted (RFC 6238 §5.2 recommends at most one). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

/** A new secret, base32 (160 bits, RFC 4226's recommended length): shown once at set-up, never logged. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const totp = (secret: string, label = 'Tickwise', issuer = 'Tickwise'): TOTP =>
  new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    algorithm: 'SHA1',
  });

/** The otpauth:// key URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, account: string, issuer = 'Tickwise'): string {
  return totp(secret, account, issuer).toString();
}

/** The code for `now` (tests and the e2e flow compute what the phone would show). */
export function totpCode(secret: string, now: number): string {
  return totp(secret).generate({ timestamp: now });
}

/** The time step `now` falls in. */
export const totpStep = (now: number): number => Math.floor(now / 1000 / TOTP_PERIOD_S);

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'wrong' | 'replayed' };

/**
 * Whether `code` is the secret's code within ±TOTP_WINDOW steps of `now`, at a step after `lastStep` (the step of
 * the last accepted code, or null). On success the caller stores the returned step, in the same transaction as what
 * the code allowed.
 */
export function checkTotp(secret: string, code: string, now: number, lastStep: number | null): TotpCheck {
  if (!/^\d{6}$/.test(code)) return { ok: false, reason: 'wrong' };
  const delta = totp(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return { ok: false, reason: 'wrong' };
  const step = totpStep(now) + delta;
  if (lastStep !== null && step <= lastStep) return { ok: false, reason: 'replayed' };
  return { ok: true, step };
}

/** Recovery codes as the trader writes them down: "xxxx-xxxx-xxxx", lower-case base32 without look-alikes. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** Spaces, dashes and case do not matter when a recovery code is typed back. */
export const normalRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * A recovery code's stored form: SHA-256 of the normalised code. 60 random bits per code with a per-account
 * attempt limit make a slow password hash unnecessary here, and an equal-time comparison is all a check needs.
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalRecoveryCode(code)).digest('hex');
}

/** The index in `hashes` of the typed code, or -1. Every hash is compared, so the time says nothing of which. */
export function matchRecoveryCode(code: string, hashes: readonly string[]): number {
  const typed = Buffer.from(hashRecoveryCode(code), 'hex');
  let found = -1;
  hashes.forEach((h, i) => {
    const stored = Buffer.from(h, 'hex');
    if (stored.length === typed.length && timingSafeEqual(stored, typed) && found < 0) found = i;
  });
  return found;
}
