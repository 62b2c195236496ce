// A demo account with one position, and the browser state that makes the app start signed in on the bench instrument.
import type { Page } from 'playwright-core';
import type { Envelope, Instrument, LoginResult, Order } from '../../domain/types.ts';
import { defaultIndicatorSettings } from '../../domain/indicators.ts';
import type { RetailProfile } from '../../domain/retail.ts';
import { SYNTHETIC_CATEGORY_ID } from '../lib/synthetic-catalogue.ts';
import type { ChartIndicators } from './cases.ts';

/** Synthetic, so open 24/7 and ticking at SIM_HZ. */
export const BENCH_CODE = 'SYN0001';

export interface BenchSession {
  login: LoginResult;
  demoId: string;
  code: string;
  instrument: Instrument;
  order: Order | null;
  /** The account's retail terms: what leverage it may ask for. */
  terms: RetailProfile;
  note: string | null;
}

type Params = Record<string, string | number>;

/** A GET of the API, its envelope as answered. */
export async function apiGet<T>(
  baseUrl: string,
  path: string,
  params: Params = {},
  token?: string,
): Promise<Envelope<T>> {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const res = await fetch(`${baseUrl}${path}${q ? `?${q}` : ''}`, {
    headers: { lang: 'en', ...(token ? { authorization: token } : {}) },
  });
  return (await res.json()) as Envelope<T>;
}

/** The answer's data; an answer that is not a success throws. */
export async function call<T>(baseUrl: string, path: string, params: Params = {}, token?: string): Promise<T> {
  const body = await apiGet<T>(baseUrl, path, params, token);
  if (body.code !== 1) throw new Error(`${path}: code ${body.code} ${body.msg}`);
  return body.data;
}

/** A market order of the minimum lots (`type` 1 buys, 2 sells), as the submit route takes it. */
export const marketOrder = (inst: Instrument, leverage: number, type = 1): Params => ({
  type,
  cont: inst.ForexMinCont,
  forex_id: inst.Id,
  status: 1,
  multiple: leverage,
});

/** The lowest leverage the account is offered, so a retail cap (crypto at the weekend) does not refuse the order. */
export function benchLeverage(inst: Instrument, terms: RetailProfile): number {
  const offered = terms.leverage.find((l) => l.forex_id === inst.Id)?.multiples ?? [];
  return offered[0] ?? inst.HasForexMultiple[0]?.Value ?? 0;
}

const openPosition = (baseUrl: string, token: string, inst: Instrument, terms: RetailProfile): Promise<Order> =>
  call<Order>(baseUrl, '/v1/api/forex/submit', marketOrder(inst, benchLeverage(inst, terms)), token);

export const demoAccount = (baseUrl: string, id: string): Promise<LoginResult> =>
  call<LoginResult>(baseUrl, '/api/user/createAccountDemoForU', { demo_id: id });

/** Falls back to the first open catalogue instrument when the engine refuses `code`; the trade screen shows `code`. */
export async function createBenchSession(baseUrl: string, code = BENCH_CODE): Promise<BenchSession> {
  const demoId = `bench${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const login = await demoAccount(baseUrl, demoId);
  const list = await call<Instrument[]>(baseUrl, '/v1/api/forex/trade_list', {}, login.token);
  const instrument = list.find((i) => i.Code === code);
  if (!instrument) throw new Error(`${code} is not in trade_list: start the server with SIM_INSTRUMENTS ≥ 1`);
  const terms = await call<RetailProfile>(baseUrl, '/v1/api/retail/terms', {}, login.token);
  const candidates = [
    instrument,
    ...list.filter((i) => i.MarketStatus === 1 && i.CategoryId !== SYNTHETIC_CATEGORY_ID),
  ];
  const refusals: string[] = [];
  for (const inst of candidates.slice(0, 4)) {
    try {
      const order = await openPosition(baseUrl, login.token, inst, terms);
      const note = inst === instrument ? null : `position opened on ${inst.Code} (${code}: ${refusals.join('; ')})`;
      return { login, demoId, code, instrument, order, terms, note };
    } catch (err) {
      refusals.push(`${inst.Code}: ${(err as Error).message}`);
    }
  }
  const note = `no position opened: ${refusals.join('; ')}`;
  return { login, demoId, code, instrument, order: null, terms, note };
}

/** Seeded on the app's origin before the app loads: any same-origin URL that is not the app will do. */
export async function seedBrowserState(page: Page, baseUrl: string, s: BenchSession): Promise<void> {
  await page.goto(`${baseUrl}/healthz`);
  await page.evaluate(
    async ({ session, demoId, code }) => {
      localStorage.setItem('tw-session', session.user.is_demo === 1 ? 'demo' : 'real');
      localStorage.setItem('tw:demo-id', demoId);
      localStorage.setItem('tw:current-code', code);
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onerror = () => reject(open.error ?? new Error('indexedDB open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('keyval', 'readwrite');
          tx.objectStore('keyval').put(session, 'tw:session');
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('indexedDB write failed'));
        };
      });
    },
    { session: { token: s.login.token, user: s.login.user }, demoId: s.demoId, code: s.code },
  );
}

/** Through the chart settings route, as the app's sheet saves them (docs/screens.md "Indicators"). */
export async function setChartIndicators(baseUrl: string, s: BenchSession, which: ChartIndicators): Promise<void> {
  const settings = defaultIndicatorSettings();
  if (which === 'candles') for (const k of Object.keys(settings) as (keyof typeof settings)[]) settings[k].on = false;
  if (which === 'four') {
    settings.boll.on = true;
    settings.macd.on = true;
  }
  const res = await fetch(`${baseUrl}/v1/api/chart/settings`, {
    method: 'POST',
    headers: { lang: 'en', authorization: s.login.token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ indicators: JSON.stringify(settings) }).toString(),
  });
  const body = (await res.json()) as Envelope<unknown>;
  if (body.code !== 1) throw new Error(`chart settings: code ${body.code} ${body.msg}`);
}
