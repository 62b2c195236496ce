// Common routes over real HTTP: area codes, settings (the public risk cap and the operator's change of it),
// companies, app status, manifest, health, the 404 envelope, and what `/` serves with and without a client build.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CODE_INTERNAL, type AreaCode, type BaseSettings, type Company } from '../../../domain/types.ts';
import { buildApp } from '../../../server/http/http-app.ts';
import type { AppContext } from '../../../server/core/app-context.ts';
import type { Services } from '../../../server/core/services.ts';
import { pino } from 'pino';
import { OrderEngine } from '../../../server/engine/engine.ts';
import { loadEngineInstruments } from '../../../server/market/instrument-catalogue.ts';
import { nullMarket, nullPush } from '../../fixtures/null-services.ts';
import { systemClock, systemTimers } from '../../../server/core/system-time.ts';
import type { Db } from '../../../server/db/db.ts';
import { commonRoutes } from '../../../server/routes/common.ts';
import { healthRoutes } from '../../../server/routes/health.ts';
import { api, startTestServer, type ApiClient, type TestServer } from '../support/harness.ts';
import { memoryWindows } from '../../../server/security/counted-windows.ts';
import { makeLimits } from '../../../server/security/limits.ts';
import { localBus } from '../../../server/bus/local-bus.ts';
import { busRevocations } from '../../../server/bus/wiring.ts';

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ market: { manual: true } });
  client = api(server.baseUrl, { lang: 'en' });
});
afterAll(async () => {
  await server?.close();
});

describe('settings and lists', () => {
  it('area_list: a dozen+ realistic codes, none for markets we do not serve', async () => {
    const res = await client.get<AreaCode[]>('/api/default/area_list');
    expect(res.code).toBe(1);
    expect(res.data.length).toBeGreaterThanOrEqual(12);
    for (const a of res.data) {
      expect(a).toEqual({
        id: expect.any(Number),
        code: expect.stringMatching(/^[A-Z]{2}$/),
        global_code: expect.stringMatching(/^\+\d{1,4}$/),
      });
    }
    const codes = res.data.map((a) => a.code);
    expect(codes).toEqual(expect.arrayContaining(['HK', 'SG', 'GB', 'US']));
    for (const banned of ['KP', 'IL', 'CN', 'VU', 'CU']) expect(codes).not.toContain(banned);
  });

  it('getBasicInfo: the four base settings with numeric types', async () => {
    const res = await client.get<BaseSettings>('/api/basicSet/getBasicInfo');
    expect(res.data).toEqual({
      service_link: expect.stringMatching(/^https:\/\//),
      service_link_type: expect.any(Number),
      verify_reg_type: 1,
      trade_fee_type: 2,
    });
  });

  it('default/setting: is_show_mobile', async () => {
    const res = await client.get('/api/default/setting', { key: 'is_show_mobile' });
    expect(res).toMatchObject({ code: 1, data: { key: 'is_show_mobile', value: '1' } });
  });

  it('default/setting: risk_cap_percent, 10 as seeded, an operator change served, bad values refused in words', async () => {
    const served = async () =>
      (await client.get<{ value: string }>('/api/default/setting', { key: 'risk_cap_percent' })).data.value;
    const setCap = async (value: string, lang = 'en') => {
      const res = await fetch(`${server.baseUrl}/api/ops/run/setting-set`, {
        method: 'POST',
        headers: { 'x-ops-token': server.opsToken, 'content-type': 'application/json', lang },
        body: JSON.stringify({ key: 'risk_cap_percent', value }),
      });
      return (await res.json()) as { code: number; msg: string; data: unknown };
    };
    expect(await served()).toBe('10');
    expect(await setCap('2.5')).toMatchObject({ code: 1, data: { key: 'risk_cap_percent', value: '2.5' } });
    expect(await served()).toBe('2.5');
    for (const bad of ['0', '0.00', '-1', '100.01', '101', '5.125', 'abc', '1e1', '5,5', '.5']) {
      expect(await setCap(bad), bad).toEqual({
        code: 0,
        msg: '--value: the risk cap is a percentage above 0 and at most 100, with at most 2 decimals',
        data: null,
      });
    }
    expect((await setCap('')).msg).toBe('--value is required');
    expect((await setCap('200', 'de')).msg).toBe(
      '--value: Die Risikogrenze ist ein Prozentsatz über 0 und höchstens 100, mit höchstens 2 Nachkommastellen',
    );
    expect(await served()).toBe('2.5'); // nothing refused was stored
    expect(await setCap('100')).toMatchObject({ code: 1 });
    expect(await served()).toBe('100');
    expect(await setCap('10')).toMatchObject({ code: 1 });
  });

  it('getCompanyStatus: status 0 with type and loss_url', async () => {
    const res = await client.get('/api/company/getCompanyStatus');
    expect(res).toMatchObject({ code: 1, data: { status: 0, type: expect.any(Number), loss_url: '' } });
  });

  it('getCompany: all, by name (case-insensitive substring), by id; LIKE wildcards are literal', async () => {
    const all = await client.get<Company[]>('/api/company/getCompany');
    expect(all.data.length).toBeGreaterThanOrEqual(30); // enough to search meaningfully
    for (const c of all.data) {
      expect(Object.keys(c).sort()).toEqual([
        'email',
        'id',
        'location',
        'logo',
        'name',
        'registered_address',
        'subject',
        'url',
      ]);
      expect(c.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    }
    const harbour = await client.get<Company[]>('/api/company/getCompany', { name: 'HARBOUR' });
    expect(harbour.data.map((c) => c.name)).toEqual(['Harbour Line Brokerage Ltd']);
    const byId = await client.get<Company[]>('/api/company/getCompany', { id: harbour.data[0]?.id });
    expect(byId.data).toEqual(harbour.data);
    // A common word matches several firms, sorted by name.
    const capital = (await client.get<Company[]>('/api/company/getCompany', { name: 'capital' })).data.map(
      (c) => c.name,
    );
    expect(capital.length).toBeGreaterThanOrEqual(5);
    expect(capital).toEqual([...capital].sort());
    expect(capital.every((n) => n.toLowerCase().includes('capital'))).toBe(true);
    expect((await client.get<Company[]>('/api/company/getCompany', { name: '%' })).data).toEqual([]);
    expect((await client.get<Company[]>('/api/company/getCompany', { name: '_' })).data).toEqual([]);
  });
});

describe('manifest, health, 404', () => {
  it('serves a real web manifest without an envelope', async () => {
    const res = await fetch(`${server.baseUrl}/manifest.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const m = (await res.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: Array<{ src: string; sizes: string }>;
    };
    expect(m).toMatchObject({ name: 'Tickwise', start_url: '/', display: 'standalone' });
    expect(m.icons.map((i) => i.src)).toEqual(expect.arrayContaining(['/icons/icon-192.png', '/icons/icon-512.png']));
  });

  it('healthz answers with the backend in use', async () => {
    const res = await client.get<{ status: string; db: string }>('/healthz');
    expect(res).toMatchObject({ code: 1, data: { status: 'ok', db: server.ctx.db.kind } });
  });

  it('unknown API paths get a 404 envelope, never HTML', async () => {
    for (const path of ['/api/unknown', '/v1/api/forex/nothing', '/uploads/2026-01/none.png', '/nope.js']) {
      const res = await fetch(`${server.baseUrl}${path}`, { headers: { lang: 'en' } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 0, msg: 'Not found', data: null });
    }
  });

  it('an unexpected failure is a 500 envelope with a plain message, never a stack trace', async () => {
    // The real routes over a database that fails every query in a way no route expects.
    const app = await bareApp({ failingDb: true });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/default/area_list', headers: { lang: 'en' } });
      expect(res.statusCode).toBe(500);
      // Its own code (CODE_INTERNAL), apart from every refusal's 0.
      expect(res.json()).toEqual({ code: CODE_INTERNAL, msg: 'Something went wrong, please try again', data: null });
      expect(res.body).not.toMatch(/\bat \S+ \(|Error:|lost connection/);
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ code: CODE_INTERNAL });
    } finally {
      await app.close();
    }
  });

  it('without a client build, / explains how to build it', async () => {
    const res = await fetch(`${server.baseUrl}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('npm start');
  });
});

describe('static files', () => {
  it('compresses what is worth compressing for clients that accept it', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'tickwise-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>built client</title>');
    const big = `export const rows = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ code: `SYN${i}`, close: '1.23456' })))};`;
    writeFileSync(join(dist, 'assets', 'big.js'), big);
    const app = await bareApp({ distDir: dist });
    try {
      const br = await app.inject({ method: 'GET', url: '/assets/big.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(big);
      expect(br.rawPayload.length).toBeLessThan(big.length / 3);
      const gz = await app.inject({ method: 'GET', url: '/assets/big.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(big);
      const plain = await app.inject({ method: 'GET', url: '/assets/big.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(big);
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('sends a built file compressed at build time as it is, and the plain one to a client that takes no encoding', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'tickwise-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>built client</title>');
    const plain = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    writeFileSync(join(dist, 'assets', 'app.js'), plain);
    // Marked apart from the plain file, so an answer compressed on the fly could not pass for them.
    writeFileSync(join(dist, 'assets', 'app.js.br'), brotliCompressSync('/* br */'));
    writeFileSync(join(dist, 'assets', 'app.js.gz'), gzipSync('/* gz */'));
    const app = await bareApp({ distDir: dist });
    try {
      const get = (encoding?: string) =>
        app.inject({ method: 'GET', url: '/assets/app.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
      const br = await get('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe('/* br */');
      const gz = await get('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe('/* gz */');
      const none = await get();
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(none.body).toBe(plain);
      for (const res of [br, gz, none]) {
        expect(res.headers['content-type']).toMatch(/javascript/);
        expect(res.headers.vary).toMatch(/accept-encoding/i); // a cache keeps the three apart
      }
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('serves the built client at / and for deep links, and its assets', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'tickwise-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>built client</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    const app = await bareApp({ distDir: dist });
    try {
      expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('built client');
      expect((await app.inject({ method: 'GET', url: '/trade' })).body).toContain('built client');
      const js = await app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(js.headers['content-type']).toMatch(/javascript/);
      expect(js.headers['cache-control']).toContain('immutable'); // content-hashed names never change
      const html = await app.inject({ method: 'GET', url: '/' });
      expect(html.headers['cache-control'] ?? '').not.toContain('immutable');
      const api404 = await app.inject({ method: 'GET', url: '/api/none' });
      expect(api404.statusCode).toBe(404);
      expect(api404.json()).toMatchObject({ code: 0 });
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('the API paths (domain/api-paths.ts) answer the 404 envelope, never cached; a retired /uploads/ link is a page', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'tickwise-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>built client</title>');
    const app = await bareApp({ distDir: dist });
    try {
      for (const url of ['/api/none', '/v1/none', '/v1/api/forex/none', '/healthz/none', '/metrics']) {
        const res = await app.inject({ method: 'GET', url });
        expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 404, 'no-store']);
        expect(res.json()).toMatchObject({ code: 0 });
      }
      // Images are GET /api/common/image/:id (docs/api.md): /uploads/ is no API path any more, so an old link
      // without a file extension gets the app like any deep link, and is cached like the app's page.
      const old = await app.inject({ method: 'GET', url: '/uploads/7eV4iM1wR2u7Fm2bqk0mXQ' });
      expect(old.statusCode).toBe(200);
      expect(old.body).toContain('built client');
      expect(old.headers['cache-control'] ?? '').not.toBe('no-store');
      // With one, it is a missing file: the 404 envelope, as for any other path.
      expect((await app.inject({ method: 'GET', url: '/uploads/2026-01/a.png' })).statusCode).toBe(404);
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

/** The app with the common routes over a stand-in context (no database server, no listening): for app.inject. */
async function bareApp(opts: { distDir?: string; failingDb?: boolean }): Promise<FastifyInstance> {
  const fail = async (): Promise<never> => {
    throw new Error('lost connection to the database');
  };
  const db: Db = { kind: 'pglite', query: fail, exec: fail, tx: fail, close: async () => undefined };
  const uploads = mkdtempSync(join(tmpdir(), 'tickwise-up-'));
  const services: Services = {
    db,
    clock: systemClock,
    timers: systemTimers,
    log: pino({ level: 'silent' }),
    market: nullMarket(),
    push: nullPush(),
    notifier: { send: async () => undefined },
  };
  // The engine is built but never started: these apps serve no trading routes.
  const ctx: AppContext = {
    ...services,
    engine: new OrderEngine(services, loadEngineInstruments),
    opsToken: 'x'.repeat(32),
    opsBootstrap: null,
    staffIdleMs: 30 * 60_000,
    wallClock: systemClock,
    fundDayMs: 86_400_000,
    limits: makeLimits(),
    failureWindows: memoryWindows(services.clock),
    revocations: busRevocations(localBus(), services.log),
    alerts: { changed: () => undefined, vapidPublicKey: '', pushHosts: [] },
    backups: {
      dir: undefined,
      key: () => {
        throw new Error('no backups here');
      },
    },
  };
  try {
    const app = await buildApp(ctx, {
      distDir: opts.distDir ?? join(uploads, 'no-dist'),
      routes: opts.failingDb ? [healthRoutes, commonRoutes] : [],
    });
    app.addHook('onClose', async () => rmSync(uploads, { recursive: true, force: true }));
    return app;
  } catch (err) {
    rmSync(uploads, { recursive: true, force: true });
    throw err;
  }
}
