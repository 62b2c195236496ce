// The soak run: one in-process server on 127.0.0.1 with the live simulated market, N simulated users doing random
// trading (market and pending orders, closes, cancels, stop edits) and money actions (operator credits, withdrawal
// requests, operator pay/reject) for a set time. Every few seconds the ledger invariants are checked on the
// database, and the process RSS and event-loop lag are sampled. Used by `npm run soak` (scripts/soak.ts) and the
// 60-second version in the server tests (tests/server/soak.test.ts).
// A load test, not a demo: a refusal (an error envelope) is data and is counted by kind and message; an exception in
// the harness itself is counted as a harness error, never a crash; every sample carries the actions per second of its
// window; the invariant check is timed on its own and kept out of the lag figures (on PGlite it runs on the same
// event loop as the server, so its own blocking would otherwise read as server lag).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Instrument, LoginResult, Order } from '../../src/domain/types.ts';
import { ledgerViolations, type LedgerViolation } from '../../server/ledger/invariants.ts';
import { userCredit } from '../../server/ops/commands/deposits.ts';
import { withdrawPaid, withdrawReject } from '../../server/ops/commands/withdrawals.ts';
import { createServer } from '../../server/server.ts';
import { soakClient, type SoakClient } from './client.ts';

export interface SoakOptions {
  seconds: number;
  users: number;
  /** Invariant and resource samples every this many ms. */
  checkEveryMs?: number;
  databaseUrl?: string | undefined;
  pgliteTemplate?: Blob | undefined;
  progress?: (line: string) => void;
  /** Concurrent lanes (default: one per user); each action picks a random user, so many users can hold a book
   * while a few lanes trade. */
  lanes?: number;
  /** Market positions every user opens before the timed run (the standing book). */
  positions?: number;
}

export interface SoakSample {
  atS: number;
  rssMb: number;
  lagP99Ms: number;
  lagMaxMs: number;
  actions: number;
  /** Actions per second in the window that ends at this sample. */
  actionsPerS: number;
  /** How long the ledger invariant check of this sample took (not counted in the lag figures). */
  checkMs: number;
}

export interface SoakReport {
  seconds: number;
  users: number;
  actions: Record<string, number>;
  acked: number;
  refused: number;
  serverErrors: number;
  /** Refusals by action and message ("close: order_not_holding"). */
  refusals: Record<string, number>;
  /** Exceptions in the harness (a reply it could not read): counted, never fatal. */
  harnessErrors: number;
  harnessErrorSamples: string[];
  /** Open orders when the timed run started (the standing book). */
  bookAtStart: number;
  checks: number;
  violations: LedgerViolation[];
  samples: SoakSample[];
}

const BANK = { bank_name: 'Soak Bank', bank_address: '1 Test Road', bank_swift: 'SOAKHKHH', payee_name: 'Soak User' };
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function runSoak(opts: SoakOptions): Promise<SoakReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickwise-soak-'));
  const server = await createServer({
    dataDir, databaseUrl: opts.databaseUrl, pgliteDir: opts.databaseUrl ? undefined : 'memory://',
    pgliteTemplate: opts.pgliteTemplate, logLevel: 'silent', distDir: join(dataDir, 'no-dist'),
    // Many traders from one address (127.0.0.1): the abuse budgets are raised as in every test harness.
    security: { factor: 1000 },
  });
  const report: SoakReport = {
    seconds: opts.seconds, users: opts.users, actions: {}, acked: 0, refused: 0, serverErrors: 0, refusals: {},
    harnessErrors: 0, harnessErrorSamples: [], bookAtStart: 0, checks: 0, violations: [], samples: [],
  };
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  try {
    const base = await server.listen(0, '127.0.0.1'); // never another interface
    const ctx = server.ctx;
    const anon = soakClient(base);
    const list = (await anon.get<Instrument[]>('/v1/api/forex/trade_list')).data;
    const tradable = list.filter((i) => i.MarketStatus === 1);
    if (tradable.length === 0) throw new Error('no open instrument to trade');

    // Half demo traders, half real accounts that also move money.
    const users: Array<{ c: SoakClient; real: boolean; uid: string; bankMethod?: number; bankCurrency?: number }> = [];
    for (let i = 0; i < opts.users; i++) {
      if (i % 2 === 0) {
        const d = await anon.get<LoginResult>('/api/user/createAccountDemoForU', { demo_id: `soak-${process.pid}-${i}` });
        users.push({ c: anon.withToken(d.data.token), real: false, uid: '' });
        continue;
      }
      const email = `soak${process.pid}x${i}@example.com`;
      const sent = await anon.post<{ key: string }>('/api/notify/send_email', { to: email, type: 1 });
      const rows = await ctx.db.query<{ body: string }>('SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [email]);
      const code = /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1] ?? '';
      await anon.post('/api/user/register', { type: 'email', account: email, password: 'soak-pass-1', re_password: 'soak-pass-1', sms_code: code, key: sent.data.key });
      const login = await anon.post<LoginResult>('/api/user/loginForU', { account: email, password: 'soak-pass-1', login_type: 'email' });
      if (login.code !== 1) throw new Error(`soak user login failed: ${login.msg}`);
      const c = anon.withToken(login.data.token);
      await userCredit.run(ctx, { user: email, amount: '20000', memo: 'soak funds' });
      const banks = (await c.get<Array<{ id: number }>>('/api/account/draw_symbol_list', { type: 2 })).data;
      const bankCurrency = banks[0]?.id;
      if (bankCurrency !== undefined) await c.post('/api/wallet/bind_draw_method', { type: 2, draw_id: bankCurrency, ...BANK, payee_account: `SOAK-${i}-0001` });
      const methods = (await c.get<Array<{ id: number }>>('/api/wallet/get_draw_method', { draw_type: 2 })).data;
      users.push({ c, real: true, uid: email, bankMethod: methods[0]?.id, bankCurrency });
    }

    const count = (k: string): void => {
      report.actions[k] = (report.actions[k] ?? 0) + 1;
    };
    const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];

    // The standing book: every user opens `positions` market orders before the clock starts.
    if (opts.positions) {
      const perUser = opts.positions;
      let next = 0;
      const opener = async (): Promise<void> => {
        for (let i = next++; i < users.length; i = next++) {
          const u = users[i] as (typeof users)[number];
          for (let k = 0; k < perUser; k++) {
            const inst = pick(tradable) as Instrument;
            await u.c.get('/v1/api/forex/submit', { type: k % 2 === 0 ? 1 : 2, cont: inst.ForexMinCont, forex_id: inst.Id, status: 1, multiple: pick(inst.HasForexMultiple)?.Value ?? 0 });
          }
        }
      };
      await Promise.all(Array.from({ length: 16 }, opener));
    }
    const [open] = await ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM orders WHERE status IN (0, 1)');
    report.bookAtStart = Number(open?.n ?? 0);
    opts.progress?.(`${users.length} users, ${report.bookAtStart} open orders: the timed run starts`);

    const deadline = Date.now() + opts.seconds * 1000;
    let total = 0;

    /** One random action of one user; returns the action's kind and reply, or null when there was nothing to do. */
    const act = async (u: (typeof users)[number]): Promise<{ kind: string; reply: { code: number; status: number; msg?: string } } | null> => {
      const r = Math.random();
      const inst = pick(tradable) as Instrument;
      const multiple = pick(inst.HasForexMultiple)?.Value ?? 0;
      let kind: string;
      let reply: { code: number; status: number; msg?: string };
      if (r < 0.4) {
        kind = 'submit';
        reply = await u.c.get('/v1/api/forex/submit', { type: Math.random() < 0.5 ? 1 : 2, cont: inst.ForexMinCont, forex_id: inst.Id, status: 1, multiple });
      } else if (r < 0.5) {
        kind = 'pending';
        const q = Number(inst.ForexQuotations.Close);
        const away = (q * (Math.random() < 0.5 ? 0.98 : 1.02)).toFixed(inst.PricePrecision);
        reply = await u.c.get('/v1/api/forex/submit', { type: 1, cont: inst.ForexMinCont, forex_id: inst.Id, status: 0, target_price: away, multiple });
      } else if (r < 0.8) {
        const list = await u.c.get<{ data: Order[] } | null>('/v1/api/forex/my_deal', { status: r < 0.72 ? 1 : 0 });
        if (list.code !== 1 || !list.data) return { kind: 'list', reply: list }; // a refusal is data, not a crash
        const o = pick(list.data.data);
        if (!o) return null;
        if (o.Status === 0) {
          kind = 'cancel';
          reply = await u.c.get('/v1/api/forex/cancel_trade', { id: o.Id });
        } else if (r < 0.65) {
          kind = 'close';
          reply = await u.c.get('/v1/api/forex/close', { id: o.Id });
        } else {
          kind = 'stops';
          const p = Number(o.UpdatePrice);
          const f = (x: number): string => (p * x).toFixed(o.ForexTradeLists.PricePrecision);
          const buy = o.OrderType === 1;
          reply = await u.c.get('/v1/api/forex/set_stop_price', { id: o.Id, stop_loss_price: f(buy ? 0.995 : 1.005), target_profit_price: f(buy ? 1.005 : 0.995) });
        }
      } else if (!u.real) {
        kind = 'balance';
        reply = await u.c.get('/v1/api/main/wallet/getBalance');
      } else if (r < 0.9) {
        kind = 'withdraw';
        reply = await u.c.post('/api/account/draw', { draw_currency_id: u.bankCurrency ?? 0, draw_method_id: u.bankMethod ?? 0, number: String(50 + Math.floor(Math.random() * 200)) });
      } else if (r < 0.95) {
        kind = 'operator-credit';
        await userCredit.run(ctx, { user: u.uid, amount: '300', memo: 'soak top-up' });
        reply = { code: 1, status: 200 };
      } else {
        kind = 'operator-review';
        const pending = await ctx.db.query<{ id: string }>('SELECT id::text AS id FROM withdrawals WHERE status = 0 ORDER BY random() LIMIT 1');
        const id = pending[0]?.id;
        if (!id) return null;
        try {
          if (Math.random() < 0.5) await withdrawPaid.run(ctx, { id });
          else await withdrawReject.run(ctx, { id, reason: 'soak' });
          reply = { code: 1, status: 200 };
        } catch {
          reply = { code: 0, status: 200 }; // reviewed by another lane first
        }
      }
      return { kind, reply };
    };

    const lane = async (own: (typeof users)[number] | null): Promise<void> => {
      while (Date.now() < deadline) {
        const u = own ?? (pick(users) as (typeof users)[number]);
        let done: Awaited<ReturnType<typeof act>>;
        try {
          done = await act(u);
        } catch (err) {
          report.harnessErrors++;
          if (report.harnessErrorSamples.length < 5) report.harnessErrorSamples.push(String(err));
          continue;
        }
        if (!done) continue;
        const { kind, reply } = done;
        count(kind);
        total++;
        if (reply.status >= 500) report.serverErrors++;
        if (reply.code === 1) {
          report.acked++;
        } else {
          report.refused++;
          const why = `${kind}: ${reply.msg ?? reply.code}`;
          report.refusals[why] = (report.refusals[why] ?? 0) + 1;
        }
      }
    };

    const started = Date.now();
    lag.reset();
    const checker = (async () => {
      let windowStart = started;
      let windowActions = 0;
      while (Date.now() < deadline) {
        await sleep(Math.min(opts.checkEveryMs ?? 3000, Math.max(0, deadline - Date.now())));
        // The window's lag and rate first, then the check, then a fresh histogram: the check's own time is not lag.
        const now = Date.now();
        const lagP99Ms = Math.round(lag.percentile(99) / 1e6);
        const lagMaxMs = Math.round(lag.max / 1e6);
        const actionsPerS = Math.round(((total - windowActions) * 1000) / Math.max(1, now - windowStart));
        const t0 = performance.now();
        report.violations.push(...(await ledgerViolations(ctx.db)));
        const checkMs = Math.round(performance.now() - t0);
        report.checks++;
        lag.reset();
        windowStart = Date.now();
        windowActions = total;
        const sample: SoakSample = {
          atS: Math.round((now - started) / 1000), rssMb: Math.round(process.memoryUsage().rss / 1048576),
          lagP99Ms, lagMaxMs, actions: total, actionsPerS, checkMs,
        };
        report.samples.push(sample);
        opts.progress?.(`${sample.atS}s rss ${sample.rssMb} MB, lag p99 ${lagP99Ms} ms (max ${lagMaxMs}), ${actionsPerS} actions/s, check ${checkMs} ms, ${total} actions, ${report.violations.length} violations, ${report.harnessErrors} harness errors`);
      }
    })();
    const lanes = opts.lanes ? Array.from({ length: opts.lanes }, () => lane(null)) : users.map(lane);
    await Promise.all([...lanes, checker]);
    report.violations.push(...(await ledgerViolations(ctx.db)));
    report.checks++;
    return report;
  } finally {
    lag.disable();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * RSS growth after warm-up: the median of the last third of the samples against the median of the middle third
 * (the first third is start-up: JIT, pools, caches). A leak keeps growing; warm-up and working-set growth settle.
 */
export function rssGrowthMb(samples: readonly SoakSample[]): number {
  const median = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const third = Math.max(1, Math.floor(samples.length / 3));
  return median(samples.slice(-third).map((s) => s.rssMb)) - median(samples.slice(third, 2 * third).map((s) => s.rssMb));
}

/** Mean actions per second over the samples that end within the first / the last `seconds` of the run. */
export function rateOver(samples: readonly SoakSample[], seconds: number, which: 'first' | 'last'): number {
  const end = samples.at(-1)?.atS ?? 0;
  const inside = samples.filter((s) => (which === 'first' ? s.atS <= seconds : s.atS > end - seconds));
  return inside.length === 0 ? 0 : Math.round(inside.reduce((a, s) => a + s.actionsPerS, 0) / inside.length);
}
