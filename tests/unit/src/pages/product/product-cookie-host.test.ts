// docs/contract.md §9: the company id cookie (3 years, read back, shared by the m. and pc. hosts), the pc. desktop host rule and
// the DEMO title.
import { afterEach, describe, expect, it } from 'vitest';
import {
  COMPANY_COOKIE,
  COMPANY_COOKIE_MAX_AGE,
  companyCookieString,
  documentJar,
  parseCompanyId,
  saveCompanyId,
  savedCompanyId,
  sharedCookieDomain,
  type CookieJar,
  isMainSite,
} from '../../../../../src/pages/product/product-page.tsx';
import { desktopHost, desktopRedirect, isMobileAgent, isDemoTitle } from '../../../../../src/app/start/desktop-host.ts';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** A browser's cookie store in miniature: keeps name=value, refuses a Domain that is a public suffix. */
function fakeJar(publicSuffixes: string[] = []): CookieJar & { written: string[] } {
  const values = new Map<string, string>();
  const written: string[] = [];
  return {
    written,
    read: () => [...values].map(([k, v]) => `${k}=${v}`).join('; '),
    write(cookie) {
      written.push(cookie);
      const [pair = '', ...attrs] = cookie.split(';').map((s) => s.trim());
      const domain = attrs.find((a) => a.startsWith('domain='))?.slice('domain='.length);
      if (domain && publicSuffixes.includes(domain)) return; // the browser ignores such a cookie
      const eq = pair.indexOf('=');
      values.set(pair.slice(0, eq), pair.slice(eq + 1));
    },
  };
}

const https = (hostname: string) => ({ hostname, secure: true });

describe('company cookie', () => {
  afterEach(() => {
    document.cookie = `${COMPANY_COOKIE}=; path=/; max-age=0`;
  });

  it('lives 3 years, site-wide, lax, secure on https', () => {
    expect(COMPANY_COOKIE_MAX_AGE).toBe(3 * 365 * 24 * 3600);
    const text = companyCookieString(7, https('m.tickwise.example'), 'tickwise.example');
    expect(text).toBe('company_id=7; path=/; max-age=94608000; samesite=lax; domain=tickwise.example; secure');
    expect(companyCookieString(7, { hostname: 'localhost', secure: false }, null)).toBe(
      'company_id=7; path=/; max-age=94608000; samesite=lax',
    );
  });

  it('is shared by the phone and desktop hosts (parent domain); host-only without a subdomain', () => {
    expect(sharedCookieDomain('m.tickwise.example')).toBe('tickwise.example');
    expect(sharedCookieDomain('pc.tickwise.example')).toBe('tickwise.example');
    expect(sharedCookieDomain('tickwise.example')).toBeNull();
    expect(sharedCookieDomain('localhost')).toBeNull();
    expect(sharedCookieDomain('192.168.1.20')).toBeNull();
  });

  it('is read back after saving, and renewed on every read', () => {
    const jar = fakeJar();
    expect(saveCompanyId(12, jar, https('m.tickwise.example'))).toBe(true);
    expect(savedCompanyId(jar, https('m.tickwise.example'))).toBe(12);
    expect(jar.written).toHaveLength(2); // saved, then written again by the read (Chromium caps cookies at 400 days)
    expect(jar.written.every((c) => c.includes('max-age=94608000'))).toBe(true);
  });

  it('falls back to this host when the browser refuses the parent domain (a public suffix)', () => {
    const jar = fakeJar(['co.uk']);
    expect(saveCompanyId(3, jar, https('tickwise.co.uk'))).toBe(true);
    expect(jar.written).toEqual([
      'company_id=3; path=/; max-age=94608000; samesite=lax; domain=co.uk; secure',
      'company_id=3; path=/; max-age=94608000; samesite=lax; secure',
    ]);
    expect(savedCompanyId(jar, https('tickwise.co.uk'))).toBe(3);
  });

  it('reports a browser that keeps no cookie at all', () => {
    const blocked: CookieJar = { read: () => '', write: () => undefined };
    expect(saveCompanyId(3, blocked, https('m.tickwise.example'))).toBe(false);
    expect(savedCompanyId(blocked, https('m.tickwise.example'))).toBeNull();
  });

  it('ignores anything in the cookie that is not a positive integer id', () => {
    for (const bad of [null, '', '0', '-3', '1.5', 'abc', '12abc', '99999999999'])
      expect(parseCompanyId(bad)).toBeNull();
    expect(parseCompanyId('42')).toBe(42);
  });

  it('works through document.cookie', () => {
    expect(saveCompanyId(5, documentJar, { hostname: 'localhost', secure: false })).toBe(true);
    expect(document.cookie).toContain('company_id=5');
    expect(savedCompanyId(documentJar, { hostname: 'localhost', secure: false })).toBe(5);
  });
});

describe('pc. desktop host rule', () => {
  const page = { href: 'https://m.tickwise.example/#/trade?x=1', userAgent: DESKTOP, title: 'Tickwise', enabled: true };

  it('tells phones from desktops by the user agent', () => {
    expect(isMobileAgent(PHONE)).toBe(true);
    expect(isMobileAgent(IPHONE)).toBe(true);
    expect(isMobileAgent(DESKTOP)).toBe(false);
  });

  it('replaces the first subdomain with pc', () => {
    expect(desktopHost('m.tickwise.example')).toBe('pc.tickwise.example');
    expect(desktopHost('www.app.tickwise.example')).toBe('pc.app.tickwise.example');
    expect(desktopHost('tickwise.example')).toBeNull();
    expect(desktopHost('localhost')).toBeNull();
    expect(desktopHost('127.0.0.1')).toBeNull();
  });

  it('sends a desktop browser to the pc. host, keeping scheme, port, path and hash', () => {
    expect(desktopRedirect(page)).toBe('https://pc.tickwise.example/#/trade?x=1');
    expect(desktopRedirect({ ...page, href: 'http://m.tickwise.example:8080/?a=b#/news' })).toBe(
      'http://pc.tickwise.example:8080/?a=b#/news',
    );
  });

  it('leaves phones, the pc. host itself, hosts without a subdomain, the DEMO variant and disabled builds alone', () => {
    expect(desktopRedirect({ ...page, userAgent: PHONE })).toBeNull();
    expect(desktopRedirect({ ...page, href: 'https://pc.tickwise.example/#/' })).toBeNull();
    expect(desktopRedirect({ ...page, href: 'http://127.0.0.1:8080/#/' })).toBeNull();
    expect(desktopRedirect({ ...page, href: 'https://tickwise.example/#/' })).toBeNull();
    expect(desktopRedirect({ ...page, title: 'DEMO' })).toBeNull();
    expect(desktopRedirect({ ...page, enabled: false })).toBeNull();
    expect(desktopRedirect({ ...page, href: 'file:///app/index.html' })).toBeNull();
  });
});

describe('variants', () => {
  it('DEMO mark only for the exact DEMO title', () => {
    expect(isDemoTitle('DEMO')).toBe(true);
    expect(isDemoTitle(' DEMO ')).toBe(true);
    expect(isDemoTitle('Tickwise')).toBe(false);
    expect(isDemoTitle('demo')).toBe(false);
  });

  it('main site when the app status type is 1; unknown status is not main', () => {
    expect(isMainSite({ status: 0, type: 1, loss_url: '' })).toBe(true);
    expect(isMainSite({ status: 0, type: 2, loss_url: '' })).toBe(false);
    expect(isMainSite(null)).toBe(false);
  });
});
