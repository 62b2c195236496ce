// Web Push for price alerts (docs/alerts.md "Delivery"), end to end on loopback: a "browser" subscribes
// with a fresh P-256 key pair and auth secret, no app is open (no socket), an alert fires from the live feed, and a
// local push service on https://127.0.0.1 receives the request, checks its VAPID JWT (ES256 signature against the
// server's public key, aud = the endpoint's origin, exp within 24 h) and decrypts the aes128gcm payload with http_ece.
// The VAPID pair is generated once into DATA_DIR (mode 0600); an endpoint the service reports gone (410) is forgotten.
// A subscription stored under an older rule, on a port the rule now refuses, is dropped at send time, never called.
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { Agent, createServer as createHttpsServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceAlerts } from '../../../domain/price-alerts.ts';
import type { Instrument } from '../../../domain/types.ts';
import type { AlertPushPayload } from '../../../server/alerts/web-push-sender.ts';
import { saveSubscription } from '../../../server/alerts/push-repository.ts';
import { MarketService } from '../../../server/market/market-service.ts';
import { api, registerAndLogin, startTestServer, type TestServer } from '../support/harness.ts';
import { localCertificate } from '../../fixtures/local-certificate.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on https://127.0.0.1: answers each request with the next status (201 by default) and records it. */
class LocalPushService {
  readonly received: Received[] = [];
  private waiters: Array<(r: Received) => void> = [];
  statuses: number[] = [];
  origin = '';
  private constructor(private readonly server: Server) {
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r = { headers: req.headers, body: Buffer.concat(chunks) };
        this.received.push(r);
        res.writeHead(this.statuses.shift() ?? 201).end();
        for (const w of this.waiters.splice(0)) w(r);
      });
    });
  }

  static async start(tls: { key: Buffer; cert: Buffer }): Promise<LocalPushService> {
    const s = new LocalPushService(createHttpsServer(tls));
    await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', resolve));
    const addr = s.server.address();
    s.origin = `https://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    return s;
  }

  next(): Promise<Received> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Checks a VAPID Authorization header (RFC 8292: `vapid t=<JWT>, k=<public key>`); answers the JWT's claims. */
function checkVapid(
  header: string | undefined,
  serverKey: string,
  audience: string,
  now: number,
): Record<string, unknown> {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${header ?? '(none)'}`);
  const [jwt, k] = [m[1] as string, m[2] as string];
  expect(k).toBe(serverKey);
  const [head, claims, sig] = jwt.split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  const point = Buffer.from(serverKey, 'base64url'); // 0x04 ‖ x ‖ y
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  );
  expect(signed).toBe(true);
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
  expect(c.aud).toBe(audience);
  expect(typeof c.exp).toBe('number');
  expect(c.exp as number).toBeGreaterThan(now / 1000);
  expect(c.exp as number).toBeLessThanOrEqual(now / 1000 + 24 * 3600);
  expect(String(c.sub)).toMatch(/^(mailto:|https:)/);
  return c;
}

const dir = mkdtempSync(join(tmpdir(), 'tickwise-push-'));
let push: LocalPushService;
/** Another push service on the same host, another port: not an allowed one. */
let otherPort: LocalPushService;
let server: TestServer;
let market: MarketService;
let eurusd: Instrument;

beforeAll(async () => {
  const tls = localCertificate(dir);
  push = await LocalPushService.start(tls);
  otherPort = await LocalPushService.start(tls);
  // The server trusts this run's certificate, and 127.0.0.1 is the one push service it may call.
  server = await startTestServer({
    market: { manual: true },
    push: { hosts: [new URL(push.origin).host], agent: new Agent({ ca: tls.cert }) },
  });
  if (!(server.ctx.market instanceof MarketService)) throw new Error('no market service');
  market = server.ctx.market;
  const trade = await api(server.baseUrl).get<Instrument[]>('/v1/api/forex/trade_list');
  eurusd = trade.data.find((i) => i.Code === 'EURUSD') as Instrument;
  market.setPrice('EURUSD', '1.10000');
});
afterAll(async () => {
  await server?.close();
  await push?.close();
  await otherPort?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Web Push', () => {
  it('delivers a fired alert to a closed app: VAPID-signed, encrypted for the browser, in its language', async () => {
    const u = await registerAndLogin(server);
    const key = (await u.client.get<{ key: string }>('/v1/api/alerts/push/key')).data.key;
    // Generated once into DATA_DIR, readable by the server's user only, and the key the app is given.
    const file = join(server.dataDir, 'vapid.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string }).publicKey).toBe(key);

    // The browser's side of a PushManager subscription: its own P-256 key pair and a 16-byte auth secret.
    const browser: ECDH = createECDH('prime256v1');
    browser.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    const endpoint = `${push.origin}/push/${randomBytes(8).toString('hex')}`;
    const sub = await u.client.post('/v1/api/alerts/push/subscribe', {
      endpoint,
      p256dh: browser.getPublicKey().toString('base64url'),
      auth,
      lang: 'de',
    });
    expect(sub.data).toEqual({ devices: 1 });

    // No socket is open: the app is closed. The alert fires from the live feed.
    await u.client.post<PriceAlerts>('/v1/api/alerts/create', {
      forex_id: eurusd.Id,
      condition: 'below',
      price: '1.09000',
      note: 'Nachkaufen',
    });
    const arrived = push.next();
    market.setPrice('EURUSD', '1.08950');
    const got = await arrived;
    await server.ctx.alerts.watcher?.idle();

    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);
    checkVapid(got.headers.authorization, key, push.origin, Date.now());
    const payload = JSON.parse(
      ece.decrypt(got.body, { version: 'aes128gcm', privateKey: browser, authSecret: auth }).toString('utf8'),
    ) as AlertPushPayload;
    expect(payload.title).toBe('Preisalarm: EUR/USD');
    expect(payload.body).toBe('EUR/USD steht bei 1.08950, auf oder unter Ihren 1.09000. — Nachkaufen');
    expect(payload.tag).toMatch(/^alert-\d+$/);
    expect(payload.url).toBe('/#/trade?code=EURUSD');
    expect(push.received).toHaveLength(1); // once

    // The push service says the browser is gone: the server forgets that endpoint.
    push.statuses = [410];
    await u.client.post('/v1/api/alerts/create', { forex_id: eurusd.Id, condition: 'above', price: '1.09500' });
    const gone = push.next();
    market.setPrice('EURUSD', '1.09600');
    await gone;
    await server.ctx.alerts.watcher?.idle();
    const left = await server.ctx.db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
    expect(left).toEqual([]);
  });

  it('drops a subscription stored before the port rule, on another port, without calling it', async () => {
    const u = await registerAndLogin(server);
    const browser: ECDH = createECDH('prime256v1');
    browser.generateKeys();
    const keys = { p256dh: browser.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    const allowed = `${push.origin}/push/${randomBytes(8).toString('hex')}`;
    expect((await u.client.post('/v1/api/alerts/push/subscribe', { endpoint: allowed, ...keys })).code).toBe(1);
    // The same host on another port is refused when subscribing; a row saved before that rule is written directly.
    const old = `${otherPort.origin}/push/${randomBytes(8).toString('hex')}`;
    expect((await u.client.post('/v1/api/alerts/push/subscribe', { endpoint: old, ...keys })).code).toBe(0);
    const [me] = await server.ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [u.account]);
    await saveSubscription(server.ctx.db, me!.id, { endpoint: old, ...keys, lang: 'en' }, Date.now());

    market.setPrice('EURUSD', '1.10000');
    await u.client.post('/v1/api/alerts/create', { forex_id: eurusd.Id, condition: 'above', price: '1.10500' });
    const arrived = push.next();
    market.setPrice('EURUSD', '1.10600');
    await arrived;
    await server.ctx.alerts.watcher?.idle(); // the delivery to every subscription of the user is over
    expect(otherPort.received).toEqual([]);
    const rows = await server.ctx.db.query<{ endpoint: string }>(
      'SELECT endpoint FROM push_subscriptions WHERE user_id = $1',
      [me!.id],
    );
    expect(rows.map((r) => r.endpoint)).toEqual([allowed]);
  });
});
