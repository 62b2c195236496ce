// The cluster section's order load over REST; `stops` puts stops so close that the next ticks trigger them.
import type { RetailProfile } from '../../domain/retail.ts';
import type { Instrument, LoginResult, Order } from '../../domain/types.ts';
import { apiGet, benchLeverage, marketOrder } from '../render/session.ts';

/** BTC first: open every day; the leverage is the lowest the account is offered, as a retail cap refuses more. */
export async function tradableInstrument(baseUrl: string, token: string) {
  const list = await apiGet<Instrument[]>(baseUrl, '/v1/api/forex/trade_list', {}, token);
  const open = list.data.filter((i) => i.MarketStatus === 1 && !/^SYN/.test(i.Code));
  const inst = open.find((i) => /BTC/.test(i.Code)) ?? open[0];
  if (!inst) throw new Error('no open instrument to order');
  const terms = await apiGet<RetailProfile>(baseUrl, '/v1/api/retail/terms', {}, token);
  return { inst, leverage: benchLeverage(inst, terms.data) };
}

export interface Acked {
  id: number;
  userId: number;
  at: number;
}

export interface LaneOptions {
  /** Lane k sends to baseUrls[k mod n]. */
  baseUrls: readonly string[];
  users: readonly LoginResult[];
  on: Awaited<ReturnType<typeof tradableInstrument>>;
  stops: boolean;
  pauseMs: number;
  /** Checked before each submit; also bounded by `untilMs` and `maxRequests`. */
  stopped(): boolean;
  untilMs: number;
  maxRequests: number;
}

export async function runLanes(o: LaneOptions) {
  const out = { acked: [] as Acked[], failures: 0, firstFailure: null as string | null, requests: 0 };
  const fail = (why: string): void => {
    out.failures++;
    out.firstFailure ??= why;
  };
  const lane = async (k: number): Promise<void> => {
    const user = o.users[k];
    const url = o.baseUrls[k % o.baseUrls.length];
    if (!user || !url) return;
    while (!o.stopped() && Date.now() < o.untilMs && out.requests < o.maxRequests) {
      out.requests++;
      try {
        const order = marketOrder(o.on.inst, o.on.leverage, k % 2 === 0 ? 1 : 2);
        const r = await apiGet<Order>(url, '/v1/api/forex/submit', order, user.token);
        if (r.code !== 1) fail(`submit: code ${r.code} ${r.msg}`);
        else {
          out.acked.push({ id: r.data.Id, userId: user.user.id, at: Date.now() });
          if (o.stops) {
            const p = Number(r.data.UpdatePrice);
            const buy = r.data.OrderType === 1;
            const near = (f: number): string => (p * f).toFixed(o.on.inst.PricePrecision);
            out.requests++;
            const s = await apiGet(
              url,
              '/v1/api/forex/set_stop_price',
              {
                id: r.data.Id,
                stop_loss_price: near(buy ? 0.99995 : 1.00005),
                target_profit_price: near(buy ? 1.00005 : 0.99995),
              },
              user.token,
            );
            if (s.code !== 1) fail(`set_stop_price: code ${s.code} ${s.msg}`);
          }
        }
      } catch (err) {
        fail((err as Error).message); // a gateway that died mid-request, a front answering 503
      }
      if (o.pauseMs > 0) await new Promise((r) => setTimeout(r, o.pauseMs));
    }
  };
  await Promise.all(o.users.map((_, k) => lane(k)));
  return out;
}
