// A real Prometheus (Debian's) scrapes the server's metrics port: the lag, request, order and feed series come back
// through its query API, every label stays bounded, and the shipped alert rules (ops/prometheus/alerts.yml, with
// their `for:` waits set to 0s) fire when the test stops the price source. docs/operations.md "Metrics".
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspendSource } from '../../../server/market/price-desk/desk-config.ts';
import { startPrometheus, type Prometheus } from '../../fixtures/prometheus.ts';
import { until } from '../../fixtures/until.ts';
import { api, demoClient, manualClock, startTestServer, type TestServer } from '../support/harness.ts';

const RULES = readFileSync('ops/prometheus/alerts.yml', 'utf8');
const clock = manualClock(); // a Tuesday noon: every market open
let server: TestServer;
let prom: Prometheus;

const wait = { stepMs: 200, tries: 150 }; // a scrape and a rule evaluation a second: 30 s at most

/**
 * The series `expr` answers, waited for: on a loaded host a scrape can outlast its 1 s timeout, and Prometheus then
 * marks every series of the target stale until the next scrape succeeds. Every caller expects at least one.
 */
async function series(expr: string): Promise<Array<{ labels: Record<string, string>; value: number }>> {
  let found: Array<{ labels: Record<string, string>; value: number }> = [];
  await until(
    async () => {
      found = (await prom.query(expr)).map((s) => ({ labels: s.metric, value: Number(s.value[1]) }));
      return found.length > 0;
    },
    { what: `a scrape that answers ${expr}`, ...wait },
  );
  return found;
}

beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true }, metrics: { port: 0, host: '127.0.0.1' } });
  const market = server.ctx.market as unknown as { setPrice(code: string, price: string): void };
  market.setPrice('EURUSD', '1.08000');
  await server.ctx.engine.idle();
  const trader = await demoClient(server, 'metrics-demo-0001');
  const buy = { type: 1, cont: '0.1', forex_id: 1, status: 1, multiple: 100 };
  expect((await trader.get('/v1/api/forex/submit', buy)).code).toBe(1);
  expect((await trader.get('/v1/api/forex/submit', { ...buy, cont: '0' })).code).toBe(0);
  await trader.get('/api/news/list', { page: 1, category_id: 1 });
  const sent = await api(server.baseUrl, { lang: 'en' }).post('/api/notify/send_email', {
    to: 'metrics@example.com',
    type: 1,
  });
  expect(sent.code).toBe(1);
  const target = new URL(server.metricsUrl ?? '').host;
  prom = await startPrometheus({ targets: [target], rules: RULES.replace(/for: \S+/g, 'for: 0s') });
});

afterAll(async () => {
  await prom?.stop();
  await server?.close();
});

describe('the metrics a real Prometheus scrapes', () => {
  it('serves the Prometheus text format on its own port only', async () => {
    const res = await fetch(server.metricsUrl ?? '');
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toContain('# TYPE tickwise_http_request_duration_seconds histogram');
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);
  });

  it('returns the lag, request, order and feed series through the query API', async () => {
    expect((await series('nodejs_eventloop_lag_p99_seconds')).length).toBe(1);
    expect(await series('tickwise_orders_placed_total')).toEqual([
      expect.objectContaining({ labels: expect.objectContaining({ status: 'market' }), value: 1 }),
    ]);
    const refused = await series('tickwise_orders_refused_total');
    expect(refused.map((s) => s.value)).toEqual([1]);
    const submits = await series('tickwise_http_request_duration_seconds_count{route="/v1/api/forex/submit"}');
    expect(submits.reduce((n, s) => n + s.value, 0)).toBe(2);
    expect(await series('tickwise_feed_source_up{source="simulator"}')).toEqual([
      expect.objectContaining({ value: 1 }),
    ]);
    expect((await series('tickwise_writer_leader'))[0]?.value).toBe(1);
    expect((await series('tickwise_db_query_duration_seconds_count')).length).toBeGreaterThan(0);
    expect((await series('tickwise_ws_clients')).length).toBe(1);
    // Every channel and state starts at 0 (metrics.ts): the one that moved is the e-mail sent above.
    expect(await series('tickwise_deliveries_total{state="queued"} > 0')).toEqual([
      expect.objectContaining({ labels: expect.objectContaining({ channel: 'email' }), value: 1 }),
    ]);
  });

  it('keeps every label bounded: route patterns, never a URL, a user or a token', async () => {
    const routes = (await series('tickwise_http_request_duration_seconds_count')).map((s) => s.labels.route ?? '');
    expect(routes.length).toBeGreaterThan(2);
    for (const route of routes) expect(route).toMatch(/^(\/[\w/:.*-]*|unmatched)$/);
    const text = await (await fetch(server.metricsUrl ?? '')).text();
    expect(text).not.toContain('metrics-demo-0001');
  });

  it('fires the feed alert when the price source stops', async () => {
    expect((await prom.alerts()).filter((a) => a.labels.alertname === 'TickwiseFeedSourceDown')).toEqual([]);
    await suspendSource(server.ctx.db, 'simulator', 'metrics test');
    await server.ctx.priceDesk?.changed();
    await until(
      async () =>
        (await prom.alerts()).some(
          (a) =>
            a.labels.alertname === 'TickwiseFeedSourceDown' && a.state === 'firing' && a.labels.source === 'simulator',
        ),
      { what: 'TickwiseFeedSourceDown to fire', ...wait },
    );
  });

  it('names in the alert rules and the Grafana dashboard only series the server exports', async () => {
    const text = await (await fetch(server.metricsUrl ?? '')).text();
    const exported = new Set([...text.matchAll(/^# TYPE (\w+)/gm)].map((m) => m[1]));
    const dashboard = readFileSync('ops/grafana/tickwise.json', 'utf8');
    const named = new Set(
      [...`${RULES}\n${dashboard}`.matchAll(/\b((?:tickwise|nodejs|process)_\w+)/g)].map((m) =>
        (m[1] ?? '').replace(/_(bucket|count|sum)$/, ''),
      ),
    );
    expect(named.size).toBeGreaterThan(15);
    // The pool gauge exists only with a pool (PostgreSQL); PGlite has one connection.
    const expected = [...named].filter(
      (n) => server.ctx.db.kind === 'postgres' || n !== 'tickwise_db_pool_connections',
    );
    expect(expected.filter((n) => !exported.has(n))).toEqual([]);
  });

  it('ships rules that promtool accepts', () => {
    expect(
      execFileSync('/usr/bin/promtool', ['check', 'rules', 'ops/prometheus/alerts.yml'], { encoding: 'utf8' }),
    ).toMatch(/SUCCESS: 7 rules found/);
  });
});
