// uid and invite code come from the user id by a bijection, so no insert ever needs a retry.
import { ApiError } from '../http/envelope.ts';
import { PASSWORD_MAX, PASSWORD_MIN, passwordLengthOk } from '../../domain/password-rule.ts';

export type Channel = 'email' | 'mobile';

/** No control characters: a mailer drops them, so `f\x01lood@…` would be a second address to every limit. */
export const EMAIL_PATTERN =
  '[^\\s@<>()[\\]\\\\,;:"\\x00-\\x1f\\x7f]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+';
/** Spaces, dashes and brackets are dropped by normaliseMobile. */
export const MOBILE_PATTERN = '[\\s\\-()]*(?:\\d[\\s\\-()]*){5,15}';
const EMAIL_RE = new RegExp(`^${EMAIL_PATTERN}$`);

/** The one form every limit and uniqueness check uses: NFC, trimmed, lower-case (no real mailbox differs by case). */
export function normaliseEmail(raw: string | undefined): string {
  const v = (raw ?? '').normalize('NFC').trim().toLowerCase();
  if (!v) throw new ApiError('email_required');
  if (v.length > 254 || !EMAIL_RE.test(v)) throw new ApiError('email_invalid');
  return v;
}

/** Leading zeros dropped: "0912 3456" and "912 3456" are one phone. */
export function normaliseMobile(raw: string | undefined): string {
  const v = (raw ?? '').trim().replace(/[\s\-()]/g, '');
  if (!v) throw new ApiError('mobile_required');
  const national = v.replace(/^0+/, '');
  if (!/^\d+$/.test(v) || !/^\d{5,15}$/.test(national)) throw new ApiError('mobile_invalid');
  return national;
}

/** What the SMS gateway dials and what the daily limits and the one-account-per-phone rule count. */
export function e164(prefix: string, national: string): string {
  const digits = `${prefix.replace(/\D/g, '')}${national}`;
  if (!/^[1-9]\d{6,14}$/.test(digits)) throw new ApiError('mobile_invalid');
  return `+${digits}`;
}

export const codeChannel = (channel: Channel): 'email' | 'sms' => (channel === 'email' ? 'email' : 'sms');

export function normaliseAccount(channel: Channel, raw: string | undefined): string {
  return channel === 'email' ? normaliseEmail(raw) : normaliseMobile(raw);
}

/** Without a channel, an account with "@" is an e-mail address and anything else a number. */
export function loginChannel(account: string, loginType: Channel | undefined): Channel {
  return loginType ?? (account.includes('@') ? 'email' : 'mobile');
}

/** A mobile sign-up may send the number as `mobile` or as `account`. */
export function signUpAccount(b: {
  type: Channel;
  account?: string | undefined;
  mobile?: string | undefined;
}): string | undefined {
  return b.type === 'mobile' ? b.mobile || b.account : b.account;
}

/** docs/contract.md §5 "Password inconsistency". */
export function checkNewPassword(password: string, repeat?: string): void {
  if (!passwordLengthOk(password)) {
    throw new ApiError('password_length', undefined, { min: PASSWORD_MIN, max: PASSWORD_MAX });
  }
  if (repeat !== undefined && repeat !== password) throw new ApiError('password_mismatch');
}

// id ↦ 10,000,000 + (id × K mod 90,000,000) is a bijection because gcd(K, 90,000,000) = 1.
const UID_SPACE = 90_000_000n;
const UID_K = 7_654_321n;
export function uidFor(id: number): string {
  return String(10_000_000n + ((BigInt(id) * UID_K) % UID_SPACE));
}

// 32 unambiguous symbols, 6 characters = 2^30 codes; id ↦ id × odd K mod 2^30 is a bijection.
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
