// Account identifiers: e-mail and mobile normalisation and checks, password rules, and collision-free public
// numbers (uid, invite code) derived from the user id by a bijection, so no insert ever needs a retry.
import { ApiError } from '../http/envelope.ts';
import { PASSWORD_MAX, PASSWORD_MIN, passwordLengthOk } from '../../domain/password-rule.ts';

export type Channel = 'email' | 'mobile';

export { PASSWORD_MAX, PASSWORD_MIN } from '../../domain/password-rule.ts';

/**
 * An e-mail address (after trimming), as a regular expression source: the routes' schemas use the same one. No
 * control character (0x00–0x1F, 0x7F): a mailer drops them on delivery, so `f\x01lood@…` and `flood@…` would be two
 * addresses to every limit and one mailbox.
 */
export const EMAIL_PATTERN =
  '[^\\s@<>()[\\]\\\\,;:"\\x00-\\x1f\\x7f]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+';
/** A mobile number: 5–15 digits, with spaces, dashes and brackets anywhere (dropped by normaliseMobile). */
export const MOBILE_PATTERN = '[\\s\\-()]*(?:\\d[\\s\\-()]*){5,15}';
const EMAIL_RE = new RegExp(`^${EMAIL_PATTERN}$`);

/**
 * The one form of an address that every limit and uniqueness check uses: Unicode NFC (a composed and a decomposed
 * "é" are one mailbox), trimmed, lower-case (the domain as DNS reads it, and the local part, which no real mailbox
 * tells apart by case); or ApiError email_required / email_invalid.
 */
export function normaliseEmail(raw: string | undefined): string {
  const v = (raw ?? '').normalize('NFC').trim().toLowerCase();
  if (!v) throw new ApiError('email_required');
  if (v.length > 254 || !EMAIL_RE.test(v)) throw new ApiError('email_invalid');
  return v;
}

/**
 * The national number: digits only (spaces, dashes and brackets dropped), without the trunk prefix (leading zeros:
 * "0912 3456" and "912 3456" are one phone), 5–15 digits; or ApiError mobile_required / mobile_invalid.
 */
export function normaliseMobile(raw: string | undefined): string {
  const v = (raw ?? '').trim().replace(/[\s\-()]/g, '');
  if (!v) throw new ApiError('mobile_required');
  const national = v.replace(/^0+/, '');
  if (!/^\d+$/.test(v) || !/^\d{5,15}$/.test(national)) throw new ApiError('mobile_invalid');
  return national;
}

/**
 * A phone number as E.164 (ITU-T: "+", the country code, the national number, 15 digits at most): what the SMS
 * gateway dials and what the daily limits and the one-account-per-phone rule count. `prefix` is the area's ("+852").
 */
export function e164(prefix: string, national: string): string {
  const digits = `${prefix.replace(/\D/g, '')}${national}`;
  if (!/^[1-9]\d{6,14}$/.test(digits)) throw new ApiError('mobile_invalid');
  return `+${digits}`;
}

/** The channel a verification code for an account of `channel` is sent through. */
export const codeChannel = (channel: Channel): 'email' | 'sms' => (channel === 'email' ? 'email' : 'sms');

export function normaliseAccount(channel: Channel, raw: string | undefined): string {
  return channel === 'email' ? normaliseEmail(raw) : normaliseMobile(raw);
}

/** The login's channel: the one sent, else an account with "@" is an e-mail address and anything else a number. */
export function loginChannel(account: string, loginType: Channel | undefined): Channel {
  return loginType ?? (account.includes('@') ? 'email' : 'mobile');
}

/** The account a sign-up names: a mobile sign-up may send the number as `mobile` or as `account`. */
export function signUpAccount(b: {
  type: Channel;
  account?: string | undefined;
  mobile?: string | undefined;
}): string | undefined {
  return b.type === 'mobile' ? b.mobile || b.account : b.account;
}

/** Length rule for a new password, and the repeat must match (docs/contract.md §5 "Password inconsistency"). */
export function checkNewPassword(password: string, repeat?: string): void {
  if (!passwordLengthOk(password)) {
    throw new ApiError('password_length', undefined, { min: PASSWORD_MIN, max: PASSWORD_MAX });
  }
  if (repeat !== undefined && repeat !== password) throw new ApiError('password_mismatch');
}

// uid: 8 digits. id ↦ 10,000,000 + (id × K mod 90,000,000) is a bijection because gcd(K, 90,000,000) = 1.
const UID_SPACE = 90_000_000n;
const UID_K = 7_654_321n;
export function uidFor(id: number): string {
  return String(10_000_000n + ((BigInt(id) * UID_K) % UID_SPACE));
}

// Invite code: 6 characters over 32 unambiguous symbols = 2^30 codes; id ↦ id × odd K mod 2^30 is a bijection.
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const INVITE_SPACE = 1n << 30n;
const INVITE_K = 0x2f5a_3c4dn | 1n;
export function inviteCodeFor(id: number): string {
  let n = (BigInt(id) * INVITE_K) % INVITE_SPACE;
  let out = '';
  for (let i = 0; i < 6; i++) {
    out = (INVITE_ALPHABET[Number(n % 32n)] ?? 'A') + out;
    n /= 32n;
  }
  return out;
}
