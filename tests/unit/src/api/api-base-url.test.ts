// docs/contract.md §7 base-address rule as we apply it (docs/client.md "Base address").
import { describe, expect, it } from 'vitest';
import { hasSubdomain, resolveApiBase, wsUrlFor, DEFAULT_FALLBACK_API } from '../../../../src/api/base-url.ts';

const page = (protocol: string, hostname: string, port = '', title = 'Tickwise') => ({
  protocol,
  hostname,
  port,
  title,
});

describe('resolveApiBase', () => {
  it('uses the page origin by default (app and API on one origin)', () => {
    expect(resolveApiBase(page('https:', 'www.tickwise.example'))).toBe('https://www.tickwise.example');
    expect(resolveApiBase(page('http:', '127.0.0.1', '8080'))).toBe('http://127.0.0.1:8080');
  });

  it('replaces the first subdomain when an API subdomain is configured', () => {
    expect(resolveApiBase(page('https:', 'm.tickwise.example'), { apiSubdomain: 'api' })).toBe(
      'https://api.tickwise.example',
    );
    expect(resolveApiBase(page('https:', 'm.tickwise.example', '8443'), { apiSubdomain: 'api' })).toBe(
      'https://api.tickwise.example:8443',
    );
  });

  it('keeps the origin for hosts without a subdomain, IPs, localhost, and a DEMO title', () => {
    const rule = { apiSubdomain: 'api' };
    expect(resolveApiBase(page('https:', 'tickwise.example'), rule)).toBe('https://tickwise.example');
    expect(resolveApiBase(page('http:', '10.0.0.2', '80'), rule)).toBe('http://10.0.0.2:80');
    expect(resolveApiBase(page('http:', 'localhost', '5173'), rule)).toBe('http://localhost:5173');
    expect(resolveApiBase(page('https:', 'm.tickwise.example', '', 'DEMO'), rule)).toBe('https://m.tickwise.example');
  });

  it('uses the fixed fallback host when the page is not served over http(s)', () => {
    expect(resolveApiBase(page('file:', ''))).toBe(DEFAULT_FALLBACK_API);
    expect(resolveApiBase(page('capacitor:', 'localhost'), { fallback: 'https://api.tickwise.example' })).toBe(
      'https://api.tickwise.example',
    );
  });

  it('knows a subdomain when it sees one', () => {
    expect(hasSubdomain('a.b.c')).toBe(true);
    expect(hasSubdomain('b.c')).toBe(false);
    expect(hasSubdomain('192.168.1.10')).toBe(false);
    expect(hasSubdomain('::1')).toBe(false);
  });
});

describe('wsUrlFor', () => {
  it('maps http → ws and https → wss at /v1/ws', () => {
    expect(wsUrlFor('http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080/v1/ws');
    expect(wsUrlFor('https://api.tickwise.example')).toBe('wss://api.tickwise.example/v1/ws');
  });
});
