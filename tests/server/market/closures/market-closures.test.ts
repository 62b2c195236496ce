// Scheduled closures (docs/market-data.md "Scheduled closures") on the real server with a fake clock: every bad input
// refused with its translated text and nothing written; a category's closure made one per instrument and listed with
// who scheduled it; two schedules of one instrument at once making one; the writer's job halting at `from` exactly as
// feed-halt does (the quote, the refused order, the desk's records) and resuming at `to`, twice changing nothing; the
// desk's own resume or halt during the window standing; a cancel lifting a current closure at once; a window the
// writer never saw; the job on its timer; the specification route listing what traders will see; and who is told: one
// notice per account holding a position or a pending order on the instruments, sent by the writer's job after the
// command (a copy's position its follower's), none to a bystander or a demo account, and a cancel's notice to the
// holders of an announced closure.
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import type { InstrumentSpec } from '../../../../domain/retail.ts';
import type { Timers } from '../../../../domain/time.ts';
import { createUser } from '../../../../server/accounts/create-user.ts';
import { insertCopy, upsertProvider } from '../../../../server/copy/copy-repository.ts';
import { move } from '../../../../server/ledger/ledger.ts';
import { RecordType } from '../../../../server/ledger/record-types.ts';
import {
  runClosureNotices,
  runClosures,
  startClosureJob,
} from '../../../../server/market/closures/closure-schedule.ts';
import { MarketService } from '../../../../server/market/market-service.ts';
import { marketBuy } from '../../support/engine-helpers.ts';
import { IDLE_TIMERS } from '../../../fixtures/null-services.ts';
import {
  countRows,
  demoClient,
  manualClock,
  opsOverHttp,
  registerAndLogin,
  useTestServer,
  type ApiClient,
  type RegisteredUser,
} from '../../support/harness.ts';
import { createStaff, signIn } from '../../support/staff-helpers.ts';

const clock = manualClock(); // a Tuesday, 12:00 UTC: every market open
// The job never fires on its own: each test runs its rounds (runClosures) at the times it sets.
const http = useTestServer({ clock, timers: IDLE_TIMERS, market: { manual: true } });
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TABLES = ['market_closures', 'feed_changes', 'feed_rules'] as const;
let market: MarketService;
let trader: ApiClient;

type Row = Record<string, unknown>;
const ops = <T = unknown>(name: string, body: Record<string, string> = {}) => opsOverHttp<T>(http.server, name, body);
const iso = (ms: number): string => new Date(ms).toISOString();
const deps = () => ({ db: http.server.ctx.db, clock, log: http.server.ctx.log, desk: http.server.ctx.priceDesk });
const run = (): Promise<number> => runClosures(deps());

/** en.json's text for a dotted key, its placeholders filled. */
function say(key: string, params: Record<string, string | number> = {}): string {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return String(node).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));
}

async function add(body: Record<string, string>): Promise<number[]> {
  const r = await ops<{ ids: string }>('closure-add', body);
  expect(r.msg).toBe('success');
  return r.data.ids.split(' ').map(Number);
}

const window = (fromMs: number, toMs: number) => ({ from: iso(fromMs), to: iso(toMs) });
const tuple = (code: string) => market.quoteTuple(code)?.slice(4);
const buy = (forexId: number) => ({ type: 1, cont: '0.1', forex_id: forexId, status: 1, multiple: 100 });
const lastChange = async (): Promise<Row> => (await ops<Row[]>('feed-changes')).data[0] ?? {};
const listed = async (): Promise<Row[]> => (await ops<Row[]>('closure-list')).data;
const state = async (id: number): Promise<string> =>
  (await http.server.ctx.db.query<{ state: string }>('SELECT state FROM market_closures WHERE id = $1', [id]))[0]
    ?.state ?? '';

async function idOf(code: string): Promise<number> {
  const rows = await http.server.ctx.db.query<{ id: number }>('SELECT id FROM instruments WHERE code = $1', [code]);
  return Number(rows[0]?.id);
}

/** A registered account with 100,000 USD. */
async function funded(): Promise<RegisteredUser> {
  const u = await registerAndLogin(http.server, { clock });
  await move(http.server.ctx.db, u.user.id, {
    balance: '100000',
    type: RecordType.MEMO,
    memo: 'deposit',
    at: clock.now(),
  });
  return u;
}

beforeAll(async () => {
  if (!(http.server.ctx.market instanceof MarketService)) throw new Error('no market service');
  market = http.server.ctx.market;
  for (const [code, price] of [
    ['EURUSD', '1.08500'],
    ['GBPUSD', '1.27000'],
  ] as const)
    market.setPrice(code, price);
  trader = (await funded()).client;
  await http.server.ctx.engine.idle();
});

describe('closure-add refuses', () => {
  it('each bad input with its own translated text, and writes nothing', async () => {
    const now = clock.now();
    const ok = { code: 'EURUSD', ...window(now + DAY, now + 2 * DAY), reason: 'Christmas Day' };
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...ok, code: '' }, say('closures.errors.code_or_category')],
      [{ ...ok, category: 'Indices' }, say('closures.errors.code_or_category')],
      [{ ...ok, code: 'NOPE' }, say('closures.errors.unknown_code', { code: 'NOPE' })],
      [{ ...ok, code: '', category: 'Bonds' }, say('closures.errors.unknown_category', { category: 'Bonds' })],
      [{ ...ok, code: '', category: '99' }, say('closures.errors.unknown_category', { category: '99' })],
      [{ ...ok, from: '2026-01-08 00:00' }, say('closures.errors.time_bad', { flag: 'from' })],
      [{ ...ok, from: '2026-01-08T00:00' }, say('closures.errors.time_bad', { flag: 'from' })], // no zone
      [{ ...ok, from: '2026-01-08T00:00+08:00' }, say('closures.errors.time_bad', { flag: 'from' })],
      [{ ...ok, from: '2026-02-30T00:00Z' }, say('closures.errors.time_bad', { flag: 'from' })],
      [{ ...ok, to: 'tomorrow' }, say('closures.errors.time_bad', { flag: 'to' })],
      [{ ...ok, to: '' }, say('staff.flag_required', { flag: 'to' })],
      [{ ...ok, ...window(now + DAY, now + DAY) }, say('closures.errors.to_before_from')],
      [{ ...ok, ...window(now + 2 * DAY, now + DAY) }, say('closures.errors.to_before_from')],
      [{ ...ok, ...window(now - 60_000, now + DAY) }, say('closures.errors.from_past')],
      [{ ...ok, ...window(now + DAY, now + 15 * DAY + 1) }, say('closures.errors.too_long', { days: 14 })],
      [{ ...ok, ...window(now + 367 * DAY, now + 368 * DAY) }, say('closures.errors.too_far', { days: 366 })],
      [{ ...ok, reason: '  ' }, say('staff.flag_required', { flag: 'reason' })],
      [{ ...ok, reason: 'x'.repeat(201) }, say('staff.flag_invalid', { flag: 'reason' })],
    ];
    const before = await countRows(http.server.ctx, TABLES);
    for (const [body, msg] of cases) {
      const r = await ops('closure-add', body);
      expect(r.msg, JSON.stringify(body)).toBe(msg);
      expect(r.code).toBe(0);
    }
    expect(await countRows(http.server.ctx, TABLES)).toEqual(before);
    // The limits themselves are allowed: a 14-day window beginning 366 days ahead.
    const edge = await add({ ...ok, ...window(now + 366 * DAY, now + 380 * DAY) });
    expect((await ops('closure-cancel', { id: String(edge[0]) })).msg).toBe('success');
  });
});

describe('a category closure', () => {
  it('is one closure per instrument of the category, listed oldest first with the member who scheduled it', async () => {
    const dealer = await signIn(http.server, await createStaff(http.server, 'dealer'), clock);
    const from = Date.UTC(2026, 1, 2);
    const to = from + DAY;
    const r = await dealer.run<{ ids: string }>('closure-add', {
      category: 'indices', // the English name in any case, or the id
      ...window(from, to),
      reason: 'Exchange holiday',
    });
    expect(r.msg).toBe('success');
    const ids = r.data.ids.split(' ').map(Number);
    const indices = await http.server.ctx.db.query<{ code: string }>(
      'SELECT code FROM instruments WHERE category_id = 4 ORDER BY sort, id',
    );
    expect(ids).toHaveLength(indices.length);
    expect(indices.length).toBeGreaterThan(1);
    const rows = (await listed()).filter((c) => ids.includes(Number(c.id)));
    expect(rows.map((c) => c.code)).toEqual(indices.map((i) => i.code));
    const name = `Test ${dealer.login} (${dealer.login})`;
    for (const c of rows)
      expect(c).toMatchObject({
        from: iso(from),
        to: iso(to),
        state: 'upcoming',
        reason: 'Exchange holiday',
        by: name,
      });
    expect(await lastChange()).toMatchObject({ by: name, command: 'closure-add' });
    const audit = await http.server.ctx.db.query<{ actor: string }>(
      "SELECT actor FROM audit_log WHERE action = 'closure-add' ORDER BY id DESC LIMIT 1",
    );
    expect(audit[0]?.actor).toBe(name);

    // One instrument of it again over the same hours: refused, naming the closure it meets; nothing written.
    const ger40 = rows.find((c) => c.code === 'GER40');
    const before = await countRows(http.server.ctx, TABLES);
    const clash = await ops('closure-add', { code: 'GER40', ...window(from + 12 * HOUR, to + HOUR), reason: 'Again' });
    expect(clash.msg).toBe(
      say('closures.errors.overlap', { code: 'GER40', id: Number(ger40?.id), from: iso(from), to: iso(to) }),
    );
    expect(await countRows(http.server.ctx, TABLES)).toEqual(before);
    // Right after it is no overlap; cancelled while upcoming, it leaves the list and the desk as they were.
    const [next = 0] = await add({ code: 'GER40', ...window(to, to + 6 * HOUR), reason: 'Late open' });
    expect((await ops('closure-cancel', { id: String(next) })).data).toEqual({
      done: `closure #${next} cancelled`,
      lifted: false,
      told: 0,
    });
    expect((await listed()).map((c) => c.id)).not.toContain(next);
    expect((await ops('closure-cancel', { id: String(next) })).msg).toBe(say('closures.errors.not_open', { id: next }));
    for (const id of ['99999', '999999999999999'])
      expect((await ops('closure-cancel', { id })).msg).toBe(say('closures.errors.not_open', { id }));
    expect((await ops('closure-cancel', { id: 'x' })).msg).toBe(say('staff.flag_invalid', { flag: 'id' }));
  });
});

describe('two schedules of one instrument at once', () => {
  it('make one closure: the instrument’s row lock lets the second see the first and refuse', async () => {
    const t0 = clock.now();
    const body = { code: 'USDCHF', ...window(t0 + 10 * DAY, t0 + 11 * DAY), reason: 'Holiday' };
    const answers = await Promise.all([
      ops('closure-add', body),
      ops('closure-add', { ...body, code: '', category: 'Forex' }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.code === 0)?.msg).toMatch(/^USDCHF already has closure #\d+/);
    const rows = await http.server.ctx.db.query(
      "SELECT m.id FROM market_closures m JOIN instruments i ON i.id = m.instrument_id WHERE i.code = 'USDCHF' AND m.cancelled_at IS NULL",
    );
    expect(rows).toHaveLength(1);
  });
});

describe('the closure job', () => {
  it('halts at from exactly as feed-halt does, resumes at to, and a second round changes nothing', async () => {
    const t0 = clock.now();
    const reason = 'Christmas Day';
    const [id = 0] = await add({ code: 'EURUSD', ...window(t0 + HOUR, t0 + 3 * HOUR), reason });
    clock.set(t0 + HOUR - 1);
    expect(await run()).toBe(0);
    expect(tuple('EURUSD')).toEqual([1]);

    clock.set(t0 + HOUR);
    expect(await run()).toBe(1);
    expect(tuple('EURUSD')).toEqual([0, 'halted', reason]);
    expect((await trader.get('/v1/api/forex/submit', buy(1))).msg).toBe(say('errors.instrument_halted', { reason }));
    expect(await lastChange()).toMatchObject({ by: 'schedule', command: 'closure-start', at: iso(t0 + HOUR) });
    const events = (await ops<Row[]>('feed-events')).data;
    expect(events.find((e) => e.kind === 'trading halted' && e.detail === `EURUSD: ${reason}`)).toBeDefined();
    expect((await listed()).find((c) => c.id === id)).toMatchObject({ state: 'current' });
    const changes = await countRows(http.server.ctx, TABLES);
    expect(await run()).toBe(0); // a second round, or one after a restart: the state is the rows'
    expect(await countRows(http.server.ctx, TABLES)).toEqual(changes);
    expect(tuple('EURUSD')).toEqual([0, 'halted', reason]);

    clock.set(t0 + 3 * HOUR);
    expect(await run()).toBe(1);
    expect(tuple('EURUSD')).toEqual([1]);
    expect(await lastChange()).toMatchObject({ by: 'schedule', command: 'closure-end' });
    expect(await state(id)).toBe('ended');
    expect((await trader.get('/v1/api/forex/submit', buy(1))).code).toBe(1);
    const after = await countRows(http.server.ctx, TABLES);
    expect(await run()).toBe(0);
    expect(await countRows(http.server.ctx, TABLES)).toEqual(after);
    expect((await listed()).map((c) => c.id)).not.toContain(id);
  });

  it('leaves the desk’s resume during the window standing, and the desk’s halt standing at its end', async () => {
    const t0 = clock.now();
    const [resumed = 0] = await add({ code: 'XAUUSD', ...window(t0 + HOUR, t0 + 2 * HOUR), reason: 'Holiday' });
    const [halted = 0] = await add({ code: 'USDJPY', ...window(t0 + HOUR, t0 + 2 * HOUR), reason: 'Holiday' });
    clock.set(t0 + HOUR);
    expect(await run()).toBe(2);
    expect(tuple('XAUUSD')).toEqual([0, 'halted', 'Holiday']);
    expect((await ops('feed-resume', { code: 'XAUUSD' })).msg).toBe('success');
    expect((await ops('feed-halt', { code: 'USDJPY', reason: 'Price check' })).msg).toBe('success');
    clock.advance(HOUR / 2);
    expect(await run()).toBe(0); // not halted again
    expect(tuple('XAUUSD')).toEqual([1]);
    expect(tuple('USDJPY')).toEqual([0, 'halted', 'Price check']);

    clock.set(t0 + 2 * HOUR);
    expect(await run()).toBe(0);
    expect(tuple('XAUUSD')).toEqual([1]);
    expect(tuple('USDJPY')).toEqual([0, 'halted', 'Price check']);
    expect([await state(resumed), await state(halted)]).toEqual(['ended', 'ended']);
    expect(await lastChange()).toMatchObject({ by: 'schedule', command: 'closure-end' });
    expect((await lastChange()).detail).toContain('stands');
    expect((await ops('feed-resume', { code: 'USDJPY' })).msg).toBe('success');
  });

  it('leaves a halt the desk set before the window as it is, before and after', async () => {
    const t0 = clock.now();
    expect((await ops('feed-halt', { code: 'USDCAD', reason: 'Price check' })).msg).toBe('success');
    const [id = 0] = await add({ code: 'USDCAD', ...window(t0 + HOUR, t0 + 2 * HOUR), reason: 'Holiday' });
    clock.set(t0 + HOUR);
    expect(await run()).toBe(0);
    expect(tuple('USDCAD')).toEqual([0, 'halted', 'Price check']);
    clock.set(t0 + 2 * HOUR);
    expect(await run()).toBe(0);
    expect(tuple('USDCAD')).toEqual([0, 'halted', 'Price check']);
    expect(await state(id)).toBe('ended');
    expect((await ops('feed-resume', { code: 'USDCAD' })).msg).toBe('success');
  });

  it('a cancel lifts a current closure at once; a window the writer never saw halts nothing', async () => {
    const t0 = clock.now();
    const [id = 0] = await add({ code: 'GBPUSD', ...window(t0 + HOUR, t0 + 5 * HOUR), reason: 'Bank holiday' });
    const [missed = 0] = await add({ code: 'AUDUSD', ...window(t0 + 2 * HOUR, t0 + 3 * HOUR), reason: 'Unseen' });
    clock.set(t0 + HOUR);
    expect(await run()).toBe(1);
    expect(tuple('GBPUSD')).toEqual([0, 'halted', 'Bank holiday']);
    const r = await ops('closure-cancel', { id: String(id) });
    expect(r.data).toEqual({ done: `closure #${id} cancelled`, lifted: true, told: 0 });
    expect(tuple('GBPUSD')).toEqual([1]); // no round of the job in between
    expect(await lastChange()).toMatchObject({ by: 'break-glass', command: 'closure-cancel' });
    expect((await trader.get('/v1/api/forex/submit', buy(2))).code).toBe(1);
    expect(await run()).toBe(0);
    expect(tuple('GBPUSD')).toEqual([1]);
    expect((await ops('closure-cancel', { id: String(id) })).msg).toBe(say('closures.errors.not_open', { id }));

    // AUDUSD's whole window passes with no round (a writer down): nothing is halted after it.
    clock.set(t0 + 4 * HOUR);
    expect(await run()).toBe(0);
    expect(tuple('AUDUSD')).toEqual([1]);
    expect(await state(missed)).toBe('ended');
  });

  it('runs on its timer, from the writer’s start', async () => {
    const t0 = clock.now();
    const [id = 0] = await add({ code: 'NZDUSD', ...window(t0 + HOUR, t0 + 2 * HOUR), reason: 'Holiday' });
    clock.set(t0 + HOUR);
    let tick: (() => void) | undefined;
    const timers: Timers = {
      ...IDLE_TIMERS,
      setInterval: (fn) => ((tick = fn), 1),
      clearInterval: () => (tick = undefined),
    };
    const job = startClosureJob({ ...deps(), timers });
    await job.idle(); // a round at start: a closure begun while no writer ran is applied at once
    expect(tuple('NZDUSD')).toEqual([0, 'halted', 'Holiday']);
    clock.set(t0 + 2 * HOUR);
    tick?.();
    await job.idle();
    expect(tuple('NZDUSD')).toEqual([1]);
    await job();
    expect(tick).toBeUndefined();
    expect(await state(id)).toBe('ended');
  });
});

describe('GET /v1/api/retail/spec', () => {
  it('lists the closures not over and beginning within 30 days, soonest first', async () => {
    const t0 = clock.now();
    const code = 'UKOIL'; // not an index: the category's closure of February would be within 30 days
    await add({ code, ...window(t0 + 2 * DAY, t0 + 3 * DAY), reason: 'Exchange holiday' });
    await add({ code, ...window(t0 + HOUR, t0 + 2 * HOUR), reason: 'Early close' });
    await add({ code, ...window(t0 + 31 * DAY, t0 + 32 * DAY), reason: 'Too far to show yet' });
    const [cancelled] = await add({ code, ...window(t0 + 4 * DAY, t0 + 5 * DAY), reason: 'Cancelled' });
    await ops('closure-cancel', { id: String(cancelled) });
    const spec = async () =>
      (await http.client.get<InstrumentSpec>('/v1/api/retail/spec', { forex_id: await idOf(code) })).data;
    expect((await spec()).closures).toEqual([
      { start: t0 + HOUR, end: t0 + 2 * HOUR, reason: 'Early close' },
      { start: t0 + 2 * DAY, end: t0 + 3 * DAY, reason: 'Exchange holiday' },
    ]);
    clock.set(t0 + 2 * HOUR);
    expect((await spec()).closures.map((c) => c.reason)).toEqual(['Exchange holiday']);
    clock.set(t0 + 3 * DAY);
    expect((await spec()).closures.map((c) => c.reason)).toEqual(['Too far to show yet']);
  });
});

describe('who is told', () => {
  let holder: RegisteredUser; // positions on XAUUSD and XPTUSD
  let waiting: RegisteredUser; // a pending order on XAUUSD
  let bystander: RegisteredUser; // a position on EURUSD only
  let follower: RegisteredUser; // nothing of its own; its copy holds XPTUSD
  const DEMO = 'closures-demo-1'; // a position on XAUUSD
  const CHRISTMAS = Date.UTC(2026, 11, 25);
  const NEW_YEAR = Date.UTC(2027, 0, 1);
  let christmas = 0;

  interface Notice {
    kind: string;
    title: string;
    text: string;
  }
  const tell = (): Promise<number> =>
    runClosureNotices({ ...deps(), notifier: http.server.ctx.notifier, log: http.server.ctx.log });
  const notices = async (u: RegisteredUser): Promise<Notice[]> =>
    (await u.client.get<{ data: Notice[] }>('/v1/api/notices/list')).data.data.filter((n) =>
      n.kind.startsWith('closure_'),
    );
  /** The demo account's notices; -1 when there is no such account to ask about. */
  const demoNotices = async (): Promise<number> => {
    const [row] = await http.server.ctx.db.query<{ n: number; users: number }>(
      `SELECT count(n.id)::int AS n, count(DISTINCT u.id)::int AS users
         FROM users u LEFT JOIN notices n ON n.user_id = u.id WHERE u.demo_id = $1`,
      [DEMO],
    );
    return row?.users === 1 ? row.n : -1;
  };
  const lastEmail = async (to: string): Promise<string> =>
    (
      await http.server.ctx.db.query<{ body: string }>(
        'SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
        [to],
      )
    )[0]?.body ?? '';
  /** As every message shows a time: the reader's time zone is unknown to an SMS. */
  const utc = (ms: number): string => `${iso(ms).slice(0, 10)} ${iso(ms).slice(11, 16)} UTC`;

  beforeAll(async () => {
    clock.set(Date.UTC(2026, 0, 20, 12)); // a Tuesday noon again: every market open
    market.setPrice('XAUUSD', '2350.00');
    market.setPrice('XPTUSD', '980.00');
    market.setPrice('XAGUSD', '28.500');
    [holder, waiting, bystander, follower] = [await funded(), await funded(), await funded(), await funded()];
    const demo = await demoClient(http.server, DEMO);
    const gold = { type: 1, cont: '0.1', forex_id: 14, status: 1, multiple: 100 };
    const orders: Array<[ApiClient, Record<string, string | number>]> = [
      [holder.client, gold],
      [holder.client, { ...gold, forex_id: 16, multiple: 50 }],
      [waiting.client, { ...gold, status: 0, target_price: '2000.00' }],
      [bystander.client, buy(1)],
      [demo, gold],
    ];
    for (const [client, order] of orders) expect((await client.get('/v1/api/forex/submit', order)).code).toBe(1);
    // A copy trades in a hidden account of its own (docs/copy-trading.md): its follower is the one told.
    const { db, engine } = http.server.ctx;
    const at = clock.now();
    const providerId = (await funded()).user.id;
    await upsertProvider(db, {
      userId: providerId,
      name: 'Closer',
      description: '',
      feePercent: 0,
      minAmount: '100',
      isDemo: false,
      at,
    });
    const accountId = await createUser(db, { passwordHash: '', isDemo: false }, at);
    await move(db, accountId, { balance: '1000', type: RecordType.MEMO, memo: 'copy', at });
    const copy = { multiplier: '1', stopLossPercent: 40, slippagePercent: '0.5', leverageCap: 100, feePercent: 0 };
    const money = { amount: '1000', mark: '1000', copyOpen: false, at };
    await insertCopy(db, { followerId: follower.user.id, providerId, accountId, ...copy, ...money });
    await engine.submit(accountId, 16, marketBuy({ cont: '0.1', multiple: 50 }), null);
    await engine.idle();
    await tell(); // whatever the tests above left
  });

  it('closure-add: once each account with a position or a pending order, after the command, naming it all', async () => {
    const [from, to] = [CHRISTMAS, CHRISTMAS + DAY];
    const r = await ops<{ ids: string; told: number }>('closure-add', {
      code: 'XAUUSD',
      ...window(from, to),
      reason: 'Christmas Day',
    });
    expect(r.data.told).toBe(2);
    christmas = Number(r.data.ids);
    expect(await notices(holder)).toEqual([]); // the command only wrote who is told: the writer's job tells them
    expect(await tell()).toBe(2);
    const text = say('notices.closure_scheduled', {
      codes: 'XAUUSD',
      start: utc(from),
      end: utc(to),
      reason: 'Christmas Day',
    });
    expect(text).toContain('from 2026-12-25 00:00 UTC to 2026-12-26 00:00 UTC (Christmas Day)');
    for (const u of [holder, waiting]) {
      expect(await notices(u)).toEqual([
        expect.objectContaining({ kind: 'closure_scheduled', title: say('notices.subject.closure_scheduled'), text }),
      ]);
      expect(await lastEmail(u.account)).toBe(text); // and by e-mail, the account's channel
    }
    expect(await notices(bystander)).toEqual([]);
    expect(await notices(follower)).toEqual([]);
    expect(await demoNotices()).toBe(0);
    expect(await tell()).toBe(0); // told once
  });

  it('a category closure: one notice per account, listing the instruments it holds', async () => {
    const [from, to] = [NEW_YEAR, NEW_YEAR + DAY];
    const reason = "New Year's Day";
    const r = await ops<{ ids: string; told: number }>('closure-add', {
      category: 'Metals',
      ...window(from, to),
      reason,
    });
    expect(r.data.ids.split(' ')).toHaveLength(3); // XAUUSD, XAGUSD, XPTUSD
    expect(r.data.told).toBe(3);
    expect(await tell()).toBe(3);
    const text = (codes: string) => say('notices.closure_scheduled', { codes, start: utc(from), end: utc(to), reason });
    expect((await notices(holder)).map((n) => n.text)).toEqual([text('XAUUSD, XPTUSD'), expect.any(String)]);
    expect((await notices(waiting)).map((n) => n.text)).toEqual([text('XAUUSD'), expect.any(String)]);
    expect((await notices(follower)).map((n) => n.text)).toEqual([text('XPTUSD')]);
    expect(await notices(bystander)).toEqual([]);
    expect(await demoNotices()).toBe(0);
  });

  it('a cancel tells the holders of an announced closure it is off; of one nobody was told of, nobody', async () => {
    const silver = (await listed()).find((c) => c.code === 'XAGUSD' && c.reason === "New Year's Day");
    // Nobody held silver when its closure was added: a holder since is not told of a cancel of what they never heard.
    expect((await bystander.client.get('/v1/api/forex/submit', { ...buy(15), multiple: 1 })).code).toBe(1);
    expect((await ops('closure-cancel', { id: String(silver?.id) })).data).toMatchObject({ told: 0 });
    const r = await ops('closure-cancel', { id: String(christmas) });
    expect(r.data).toEqual({ done: `closure #${christmas} cancelled`, lifted: false, told: 2 });
    expect(await tell()).toBe(2);
    const text = say('notices.closure_cancelled', {
      codes: 'XAUUSD',
      start: utc(CHRISTMAS),
      end: utc(CHRISTMAS + DAY),
      reason: 'Christmas Day',
    });
    for (const u of [holder, waiting])
      expect((await notices(u))[0]).toMatchObject({
        kind: 'closure_cancelled',
        title: say('notices.subject.closure_cancelled'),
        text,
      });
    expect(await notices(bystander)).toEqual([]);
    expect(await demoNotices()).toBe(0);
  });
});
