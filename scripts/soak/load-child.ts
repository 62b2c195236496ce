// A soak load generator in a process of its own, so its CPU is not counted as the server's.
import type { Instrument, Order } from '../../domain/types.ts';
import { soakClient, type SoakClient } from './client.ts';
import { askParent, note, serveParent } from './ipc.ts';
import { runLane } from './lane.ts';

export interface SoakUser {
  token: string;
  real: boolean;
  uid: string;
  bankMethod?: number | undefined;
  bankCurrency?: number | undefined;
  /** Balanced mode: the open orders this user keeps. */
  level: number;
}

export interface LoadConfig {
  base: string;
  users: SoakUser[];
  /** null: one per user; otherwise each action picks a random user. */
  lanes: number | null;
  /** Draws each lane makes even past the deadline (lane.ts). */
  floor: number;
  balanced: boolean;
}

export interface LoadTotals {
  actions: Record<string, number>;
  total: number;
  acked: number;
  refused: number;
  serverErrors: number;
  refusals: Record<string, number>;
  harnessErrors: number;
  harnessErrorSamples: string[];
  /** user + system. */
  cpuMs: number;
  /** The fewest draws one lane made (lane.ts). */
  shortestLane: number;
}

type Reply = { code: number; status: number; msg?: string };
type Acted = { kind: string; reply: Reply } | null;

const config = JSON.parse(process.env.SOAK_LOAD_CONFIG ?? '{}') as LoadConfig;
const anon = soakClient(config.base);
const users = config.users.map((u) => ({ ...u, c: anon.withToken(u.token) }));
type User = (typeof users)[number];
const totals: LoadTotals = {
  actions: {},
  total: 0,
  acked: 0,
  refused: 0,
  serverErrors: 0,
  refusals: {},
  harnessErrors: 0,
  harnessErrorSamples: [],
  cpuMs: 0,
  shortestLane: 0,
};
const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];
let tradable: Instrument[] = [];

async function open(u: User, pending: boolean): Promise<Acted> {
  const inst = pick(tradable) as Instrument;
  const multiple = pick(inst.HasForexMultiple)?.Value ?? 0;
  const away = (): string =>
    (Number(inst.ForexQuotations.Close) * (Math.random() < 0.5 ? 0.98 : 1.02)).toFixed(inst.PricePrecision);
  const reply = await u.c.get('/v1/api/forex/submit', {
    type: pending || Math.random() < 0.5 ? 1 : 2,
    cont: inst.ForexMinCont,
    forex_id: inst.Id,
    status: pending ? 0 : 1,
    ...(pending ? { target_price: away() } : {}),
    multiple,
  });
  return { kind: pending ? 'pending' : 'submit', reply };
}

async function listed(c: SoakClient, status: 0 | 1): Promise<{ reply: Reply; orders: Order[]; total: number }> {
  const reply = await c.get<{ data: Order[]; total: number } | null>('/v1/api/forex/my_deal', { status });
  return { reply, orders: reply.data?.data ?? [], total: reply.data?.total ?? 0 };
}

/** Opens below the user's level and closes or cancels at it, so the book stays level whatever the triggers close. */
async function rebalance(u: User): Promise<Acted> {
  const [held, pending] = await Promise.all([listed(u.c, 1), listed(u.c, 0)]);
  if (held.reply.code !== 1) return { kind: 'list', reply: held.reply };
  if (held.total + pending.total < u.level) return open(u, Math.random() < 0.2);
  const o =
    pick(Math.random() < 0.2 && pending.orders.length > 0 ? pending.orders : held.orders) ?? pick(pending.orders);
  return o ? end(u, o) : null;
}

/** A pending order is cancelled, a held one closed. */
async function end(u: User, o: Order): Promise<Acted> {
  if (o.Status === 0) return { kind: 'cancel', reply: await u.c.get('/v1/api/forex/cancel_trade', { id: o.Id }) };
  return { kind: 'close', reply: await u.c.get('/v1/api/forex/close', { id: o.Id }) };
}

/** null when there was nothing to do; `r` picks the action. */
async function act(u: User, r: number): Promise<Acted> {
  if (r < 0.5) return config.balanced ? rebalance(u) : open(u, r >= 0.4);
  if (r < 0.8) {
    const { reply, orders } = await listed(u.c, r < 0.72 || config.balanced ? 1 : 0);
    if (reply.code !== 1) return { kind: 'list', reply }; // a refusal is data, not a crash
    const o = pick(orders);
    if (!o) return null;
    if (o.Status === 0 || (r < 0.65 && !config.balanced)) return end(u, o);
    const p = Number(o.UpdatePrice);
    const f = (x: number): string => (p * x).toFixed(o.ForexTradeLists.PricePrecision);
    const buy = o.OrderType === 1;
    const reply2 = await u.c.get('/v1/api/forex/set_stop_price', {
      id: o.Id,
      stop_loss_price: f(buy ? 0.995 : 1.005),
      target_profit_price: f(buy ? 1.005 : 0.995),
    });
    return { kind: 'stops', reply: reply2 };
  }
  if (!u.real) return { kind: 'balance', reply: await u.c.get('/v1/api/main/wallet/getBalance') };
  if (r < 0.9) {
    const amount = String(50 + Math.floor(Math.random() * 200));
    return {
      kind: 'withdraw',
      reply: await u.c.post('/api/account/draw', {
        draw_currency_id: u.bankCurrency ?? 0,
        draw_method_id: u.bankMethod ?? 0,
        number: amount,
      }),
    };
  }
  if (r < 0.95) {
    await askParent('credit', { user: u.uid, amount: '300' });
    return { kind: 'operator-credit', reply: { code: 1, status: 200 } };
  }
  const reviewed = await askParent<boolean>('review');
  return { kind: 'operator-review', reply: { code: reviewed ? 1 : 0, status: 200 } };
}

function count(done: NonNullable<Acted>): void {
  const { kind, reply } = done;
  totals.actions[kind] = (totals.actions[kind] ?? 0) + 1;
  totals.total++;
  if (reply.status >= 500) totals.serverErrors++;
  if (reply.code === 1) totals.acked++;
  else {
    totals.refused++;
    const why = `${kind}: ${reply.msg ?? reply.code}`;
    totals.refusals[why] = (totals.refusals[why] ?? 0) + 1;
  }
}

/** One draw of a lane: a failed request is a harness error, counted, never the end of the run. */
async function draw(own: User | null, r: number): Promise<void> {
  const u = own ?? (pick(users) as User);
  try {
    const done = await act(u, r);
    if (done) count(done);
  } catch (err) {
    totals.harnessErrors++;
    if (totals.harnessErrorSamples.length < 5) totals.harnessErrorSamples.push(String(err));
  }
}

serveParent({
  run: async (req): Promise<LoadTotals> => {
    const schedule = {
      until: Number(req.until),
      floor: config.floor,
      balanced: config.balanced,
      now: Date.now,
      random: Math.random,
    };
    const lane = (own: User | null): Promise<number> => runLane((r) => draw(own, r), schedule);
    tradable = ((await anon.get<Instrument[]>('/v1/api/forex/trade_list')).data ?? []).filter(
      (i) => i.MarketStatus === 1,
    );
    if (tradable.length === 0) throw new Error('no open instrument to trade');
    const cpu0 = process.cpuUsage();
    const ticker = setInterval(() => note({ note: 'progress', total: totals.total }), 1000);
    try {
      const draws = await Promise.all(
        config.lanes ? Array.from({ length: config.lanes }, () => lane(null)) : users.map((u) => lane(u)),
      );
      totals.shortestLane = Math.min(...draws);
    } finally {
      clearInterval(ticker);
    }
    const cpu = process.cpuUsage(cpu0);
    totals.cpuMs = Math.round((cpu.user + cpu.system) / 1000);
    return totals;
  },
  stop: () => {
    setImmediate(() => process.exit(0));
    return true;
  },
});
note({ note: 'ready', pid: process.pid });
