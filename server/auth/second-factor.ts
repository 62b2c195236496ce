// Pure rules for traders and staff (docs/security.md "Second factor"); storage is the caller's.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_S = 30;
const TOTP_DIGITS = 6;
/** RFC 6238 §5.2 recommends at most one step, for clocks that drift. */
const TOTP_WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;

/** 160 bits, RFC 4226's recommended length; shown once at set-up, never logged. */
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

export function totpUri(secret: string, account: string, issuer = 'Tickwise'): string {
  return totp(secret, account, issuer).toString();
}

/** Tests and the e2e flow compute what the phone would show. */
export function totpCode(secret: string, now: number): string {
  return totp(secret).generate({ timestamp: now });
}

export const totpStep = (now: number): number => Math.floor(now / 1000 / TOTP_PERIOD_S);

type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'wrong' | 'replayed' };

/** Only a step after `lastStep` counts, so a replayed code fails even inside its window. */
export function checkTotp(secret: string, code: string, now: number, lastStep: number | null): TotpCheck {
  if (!/^\d{6}$/.test(code)) return { ok: false, reason: 'wrong' };
  const delta = totp(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return { ok: false, reason: 'wrong' };
  const step = totpStep(now) + delta;
  if (lastStep !== null && step <= lastStep) return { ok: false, reason: 'replayed' };
  return { ok: true, step };
}

/** Against a stored factor, whose last accepted step comes from the database as text. */
export const checkStoredTotp = (row: { secret: string; last_step: string | null }, code: string, now: number) =>
  checkTotp(row.secret, code, now, row.last_step === null ? null : Number(row.last_step));

/** Lower-case base32 without look-alikes, so a code written down is read back right. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

const normalRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

/** SHA-256, not a slow hash: 60 random bits per code with a per-account attempt limit leave nothing to guess. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalRecoveryCode(code)).digest('hex');
}

/** Every hash is compared, so the time says nothing of which matched. */
export function matchRecoveryCode(code: string, hashes: readonly string[]): number {
  const typed = Buffer.from(hashRecoveryCode(code), 'hex');
  let found = -1;
  hashes.forEach((h, i) => {
    const stored = Buffer.from(h, 'hex');
    if (stored.length === typed.length && timingSafeEqual(stored, typed) && found < 0) found = i;
  });
  return found;
}
