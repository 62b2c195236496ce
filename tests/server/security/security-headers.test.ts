// Security headers on the real server: the CSP (frame-src from the settings' chat link, frame-ancestors 'none'),
// nosniff, no referrer, HSTS only over TLS (here: a trusted proxy saying https), no-store on API answers, and private
// uploaded images never cached. Both databases (the chat origin is read from the settings table).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAME_HOST_REFRESH_MS, frameOrigin, HSTS_VALUE } from '../../../server/security/headers.ts';
import { setSetting } from '../../../server/settings/settings.ts';
import { inlineScriptHashes } from '../../../server/security/inline-scripts.ts';
import { manualClock, registerAndLogin, startTestServer, type TestServer } from '../support/harness.ts';

const clock = manualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true }, trustProxy: true });
});
afterAll(async () => {
  await server?.close();
});

const directives = (csp: string | null): Map<string, string> =>
  new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );

describe('security headers', () => {
  it('the page: CSP with own origin only, no framing, nosniff, no referrer, no HSTS over http', async () => {
    const res = await fetch(`${server.baseUrl}/`);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toBe("'self'");
    // Its own origin, and the built page's first-screen paint by its hash (none without a built client).
    expect(csp.get('script-src')).toBe(["'self'", ...inlineScriptHashes(await res.text())].join(' '));
    expect(csp.get('connect-src')).toBe("'self' https://www.example.com"); // /mine/chat's reachability probe
    expect(csp.get('img-src')).toBe("'self' data: blob:");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('frame-src')).toBe('https://www.example.com');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('HSTS when the request came over TLS', async () => {
    const res = await fetch(`${server.baseUrl}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBe(HSTS_VALUE);
  });

  it('API answers are never cached; the page may revalidate', async () => {
    const info = await fetch(`${server.baseUrl}/api/basicSet/getBasicInfo`);
    expect(info.headers.get('cache-control')).toBe('no-store');
    const ws = await fetch(`${server.baseUrl}/v1/api/forex/trade_list`);
    expect(ws.headers.get('cache-control')).toBe('no-store');
    const missing = await fetch(`${server.baseUrl}/api/nope`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it('frame-src follows the chat link from the settings; a non-http link frames nothing', async () => {
    await setSetting(server.ctx.db, 'service_link', 'https://chat.example.org/room?id=1');
    clock.advance(FRAME_HOST_REFRESH_MS);
    const a = await fetch(`${server.baseUrl}/`);
    expect(directives(a.headers.get('content-security-policy')).get('frame-src')).toBe('https://chat.example.org');
    await setSetting(server.ctx.db, 'service_link', 'javascript:alert(1)');
    clock.advance(FRAME_HOST_REFRESH_MS);
    const b = await fetch(`${server.baseUrl}/`);
    expect(directives(b.headers.get('content-security-policy')).get('frame-src')).toBe("'none'");
    await setSetting(server.ctx.db, 'service_link', 'https://www.example.com/support/chat');
    clock.advance(FRAME_HOST_REFRESH_MS);
  });

  it('uploaded images are served private: nosniff, never cached', async () => {
    const user = await registerAndLogin(server, { clock });
    // A 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const up = await user.client.upload<{ url: string }>('/api/common/image_upload', {
      file: Object.assign(new Blob([png], { type: 'image/png' }), { name: 'a.png' }),
    });
    expect(up.code).toBe(1);
    const path = new URL(up.data.url, server.baseUrl).pathname;
    const res = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: user.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('frameOrigin accepts only http(s)', () => {
    expect(frameOrigin('https://a.example/x?y')).toBe('https://a.example');
    expect(frameOrigin('data:text/html,hi')).toBeNull();
    expect(frameOrigin('not a url')).toBeNull();
  });
});
