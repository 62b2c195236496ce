// The served page carries the current quotes (server/http/first-html.ts, docs/client.md "The live price in the first
// HTML") over real HTTP, on the database of the run (TEST_DB): the first screen's instruments with the server's time,
// a halted one with its reason kept inside the JSON block, no-cache, and the CSP still allowing exactly the page's
// one inline script by its hash, and the risk warning as its route answers it; the precached copy (/index.html)
// stays without them.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { manualClock, startTestServer, type TestServer } from '../support/harness.ts';
import { IDLE_TIMERS } from '../../fixtures/null-services.ts';
import type { MarketService } from '../../../server/market/market-service.ts';
import type { FirstQuotes } from '../../../domain/first-quotes.ts';
import { setSetting } from '../../../server/settings/settings.ts';
import { PAGE_WARNING_MS } from '../../../server/retail/loss-figure.ts';

const clock = manualClock(); // a Tuesday noon: every market open
const SCRIPT = 'window.__painted=1';
const boot = JSON.stringify({ catalogue: [{ Code: 'EURUSD' }, { Code: 'XAUUSD' }, { Code: 'BTCUSDT' }] });
const PAGE =
  '<!doctype html><html><head><title>built</title></head><body><div id="root" data-pre="/"></div>' +
  `<script type="application/json" id="tw-boot">${boot}</script><script>${SCRIPT}</script></body></html>`;

let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tickwise-dist-'));
  writeFileSync(join(dist, 'index.html'), PAGE);
  server = await startTestServer({ clock, timers: IDLE_TIMERS, distDir: dist });
});

afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

const block = (html: string): FirstQuotes =>
  JSON.parse(
    /<script type="application\/json" id="tw-now">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null',
  ) as FirstQuotes;

it('serves the page with the first screen’s current quotes, the halted one marked, and the CSP hash unchanged', async () => {
  const market = server.ctx.market as MarketService;
  const reason = '</script><script>alert(1)</script>';
  market.sim.setDeskFlags('BTCUSDT', false, reason);
  clock.advance(1_000);
  const res = await fetch(`${server.baseUrl}/`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-cache');
  const html = await res.text();
  const snap = block(html);
  expect(snap.t).toBe(clock.now());
  expect(snap.q.map((t) => t[0])).toEqual(['EURUSD', 'XAUUSD', 'BTCUSDT']);
  expect(snap.q[0]).toEqual(market.quoteTuple('EURUSD'));
  expect(snap.q[2]?.slice(4)).toEqual([0, 'halted', reason]);
  expect(html).not.toContain('<script>alert');
  const hash = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;
  expect(res.headers.get('content-security-policy')).toContain(hash);

  // A deep link without the hash gets the same page; the file itself (the service worker's precache) has none.
  expect(block(await (await fetch(`${server.baseUrl}/trade`)).text()).q).toHaveLength(3);
  expect(await (await fetch(`${server.baseUrl}/index.html`)).text()).not.toContain('tw-now');
});

it('carries the risk warning as GET /v1/api/retail/warning answers it, with the firm’s figure once computed', async () => {
  const served = async () => block(await (await fetch(`${server.baseUrl}/`)).text()).w;
  const asked = async () =>
    ((await (await fetch(`${server.baseUrl}/v1/api/retail/warning`)).json()) as { data: unknown }).data;
  // Each change is seen by the pages served once the page's read of the warning is PAGE_WARNING_MS old.
  const later = () => clock.advance(PAGE_WARNING_MS);
  later();
  expect(await served()).toEqual({ shown: false, percent: null, computed_at: null }); // the rules off: no warning
  await setSetting(server.ctx.db, 'retail_protection', '1');
  expect(await served()).toEqual({ shown: false, percent: null, computed_at: null }); // one read serves a while
  later();
  expect(await served()).toEqual({ shown: true, percent: null, computed_at: null }); // no figure yet
  await server.ctx.db.query(
    `INSERT INTO loss_figures (computed_at, period_from, period_to, accounts, losing, percent, method, computed_by)
     VALUES ($1, $2, $1, 4, 3, 75, 'm', 'test')`,
    [clock.now(), clock.now() - 1],
  );
  later();
  expect(await served()).toEqual({ shown: true, percent: 75, computed_at: clock.now() - PAGE_WARNING_MS });
  expect(await served()).toEqual(await asked());
});
