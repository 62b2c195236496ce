// Parameters are stored with the hash so they can be raised later (needsRehash).
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** Equal in work to OWASP's N=2^17, p=1, with an eighth of the memory, so a burst of logins cannot exhaust it. */
export const OWASP_SCRYPT: ScryptParams = { N: 16384, r: 8, p: 5 };
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024;

/** What node's scrypt can run within MAXMEM. Whether a cost below OWASP_SCRYPT is wise is the operator's call. */
export function scryptParamsUsable({ N, r, p }: ScryptParams): boolean {
  const whole = (n: number): boolean => Number.isInteger(n) && n >= 1;
  return whole(N) && N >= 1024 && (N & (N - 1)) === 0 && whole(r) && whole(p) && 128 * N * r < MAXMEM;
}

function derive(password: string, salt: Buffer, opts: ScryptOptions, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** "scrypt$N$r$p$salt$hash" (base64url parts). */
export async function hashPassword(password: string, params: ScryptParams = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: params.N, r: params.r, p: params.p, maxmem: MAXMEM }, KEYLEN);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, hashText] = parts;
  const expected = Buffer.from(hashText ?? '', 'base64url');
  if (expected.length === 0) return false;
  const key = await derive(
    password,
    Buffer.from(saltText ?? '', 'base64url'),
    { N: Number(n), r: Number(r), p: Number(p), maxmem: MAXMEM },
    expected.length,
  );
  return timingSafeEqual(key, expected);
}

export function needsRehash(stored: string, params: ScryptParams = OWASP_SCRYPT): boolean {
  return !stored.startsWith(['scrypt', params.N, params.r, params.p, ''].join('$'));
}

// Unknown accounts are checked against this so "no such user" costs the same time as "wrong password".
const dummies = new Map<string, Promise<string>>();
export function dummyHash(params: ScryptParams = OWASP_SCRYPT): Promise<string> {
  const k = `${params.N}/${params.r}/${params.p}`;
  let d = dummies.get(k);
  if (!d) {
    d = hashPassword(randomBytes(12).toString('base64url'), params);
    dummies.set(k, d);
  }
  return d;
}
