// The company is kept for the parent domain so the phone and desktop hosts share it (docs/contract.md §9).
import { hasSubdomain } from '../../api/base-url.ts';
import { readCookie } from '../../i18n/cookie.ts';

export const COMPANY_COOKIE = 'company_id';
export const COMPANY_COOKIE_YEARS = 3;
/** 3 × 365 days in seconds. Chromium caps any cookie at 400 days, so savedCompanyId() renews it on every read. */
export const COMPANY_COOKIE_MAX_AGE = COMPANY_COOKIE_YEARS * 365 * 86_400;

export interface CookieJar {
  read(): string; // document.cookie
  write(cookie: string): void;
}

export const documentJar: CookieJar = {
  read: () => document.cookie,
  write: (cookie) => {
    document.cookie = cookie;
  },
};

export interface CookieHost {
  hostname: string;
  secure: boolean; // https: the cookie is marked Secure
}

const currentHost = (): CookieHost => ({
  hostname: window.location.hostname,
  secure: window.location.protocol === 'https:',
});

/** Null for a host-only cookie. */
export function sharedCookieDomain(hostname: string): string | null {
  return hasSubdomain(hostname) ? hostname.split('.').slice(1).join('.') : null;
}

export function companyCookieString(id: number, host: CookieHost, domain: string | null): string {
  const parts = [`${COMPANY_COOKIE}=${id}`, 'path=/', `max-age=${COMPANY_COOKIE_MAX_AGE}`, 'samesite=lax'];
  if (domain) parts.push(`domain=${domain}`);
  if (host.secure) parts.push('secure');
  return parts.join('; ');
}

/** Anything else in the cookie (edited by hand, another app) is ignored. */
export function parseCompanyId(text: string | null): number | null {
  if (text === null || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** True when the browser holds it afterwards (read back). */
export function saveCompanyId(id: number, jar: CookieJar = documentJar, host: CookieHost = currentHost()): boolean {
  const domain = sharedCookieDomain(host.hostname);
  jar.write(companyCookieString(id, host, domain));
  if (parseCompanyId(readCookie(jar.read(), COMPANY_COOKIE)) === id) return true;
  if (domain === null) return false;
  jar.write(companyCookieString(id, host, null)); // the parent domain was refused: keep it on this host
  return parseCompanyId(readCookie(jar.read(), COMPANY_COOKIE)) === id;
}

/** A valid one is written again, so it lasts 3 years from the last visit. */
export function savedCompanyId(jar: CookieJar = documentJar, host: CookieHost = currentHost()): number | null {
  const id = parseCompanyId(readCookie(jar.read(), COMPANY_COOKIE));
  if (id !== null) saveCompanyId(id, jar, host);
  return id;
}
