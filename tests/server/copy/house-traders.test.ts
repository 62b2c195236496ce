// The house's demo providers (server/copy/house-traders.ts): made once, never republished once
// unpublished, listed to demo accounts only, nobody signs in as one; a round's moves go through the engine's gate and
// on to a follower's copy, and a refused move (a halt) waits for the next round.
import { afterAll, beforeAll, chai, describe, expect, it } from 'vitest';
import type { CopyItem, CopyProvider } from '../../../domain/copy-types.ts';
import {
  ensureHouseTraders,
  HOUSE_TRADERS,
  houseEmail,
  houseLots,
  houseRound,
  nextMove,
} from '../../../server/copy/house-traders.ts';
import { setUnpublished } from '../../../server/copy/copy-repository.ts';
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { configFromEnv } from '../../../server/config.ts';
import { serverLog } from '../../../server/core/log-redaction.ts';
import { api, demoClient, registerAndLogin, runOps, startTestServer, type TestServer } from '../support/harness.ts';
import { ledgerHolds } from '../support/ledger-invariant.ts';
import { slow } from '../../fixtures/slowness.ts';

let server: TestServer;
/** The mirror's warnings and errors (a move that waits, a transaction that failed) for a failure's message. */
const logged: string[] = [];
beforeAll(async () => {
  server = await startTestServer({ log: serverLog('info', { write: (line: string) => void logged.push(line) }) });
  // A failure's message carries the whole state the poll returns, not its first 40 characters.
  chai.config.truncateThreshold = 0;
});
afterAll(() => server.close());

/** Each trader draws two numbers a round; past the script every trader waits. */
const scripted = (values: number[]) => (): number => values.shift() ?? 0.99;
const OPEN_BTC_LONG = [0.1, 0.1, 0.99, 0.99, 0.99, 0.99];
const CLOSE_BTC = [0.05, 0.5, 0.99, 0.99, 0.99, 0.99];
const names = (list: readonly CopyProvider[]): string[] => list.map((p) => p.name);
const heldBy = (userId: number) => server.ctx.engine.book.forUser(userId).filter((o) => o.status === 1);

describe('nextMove', () => {
  it('closes a held position one round in six, and opens long or short one round in three when flat', () => {
    expect([0, 0.16, 0.17, 0.99].map((u) => nextMove(true, u, 0))).toEqual(['close', 'close', 'wait', 'wait']);
    expect(nextMove(false, 0.1, 0.2)).toBe('open-long');
    expect(nextMove(false, 0.1, 0.7)).toBe('open-short');
    expect(nextMove(false, 0.34, 0.2)).toBe('wait');
  });
});

describe('houseLots', () => {
  it('gives a copy of the minimum, 1,000 USD, two minimum lots at the trader’s balance, and never less than one lot', () => {
    expect(houseLots('0.001', '10000')).toBe('0.02');
    expect(houseLots('0.01', '12345.67')).toBe('0.25');
    expect(houseLots('0.01', '0')).toBe('0.01');
  });
});

describe('HOUSE_TRADERS', () => {
  it('is on unless 0, for a server started from the environment; a server built in code runs without them', () => {
    expect(configFromEnv({}).houseTraders).toBe(true);
    expect(configFromEnv({ HOUSE_TRADERS: '1' }).houseTraders).toBe(true);
    expect(configFromEnv({ HOUSE_TRADERS: '0' }).houseTraders).toBe(false);
    expect(() => configFromEnv({ HOUSE_TRADERS: 'no' })).toThrow(
      'HOUSE_TRADERS must be 1 (the house demo traders trade, the default) or 0 (they do not), got "no"',
    );
  });
});

describe('the house traders', () => {
  it('are three demo providers made once, listed to demo accounts only; no password signs in as one', async () => {
    const ids = await ensureHouseTraders(server.ctx);
    expect([...ids.keys()]).toEqual(HOUSE_TRADERS.map((t) => t.key));
    expect(await ensureHouseTraders(server.ctx)).toEqual(ids);
    const made = await server.ctx.db.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM users WHERE email LIKE 'house-%@tickwise.invalid' AND is_demo = 1",
    );
    expect(made[0]?.n).toBe('3');

    const listed = (await (await demoClient(server, 'house-list-demo')).get<CopyProvider[]>('/api/copy/providers'))
      .data;
    expect(names(listed)).toEqual(expect.arrayContaining(HOUSE_TRADERS.map((t) => t.name)));
    expect(listed.find((p) => p.name === HOUSE_TRADERS[0]?.name)).toMatchObject({ is_demo: 1, fee_percent: 0 });
    const real = await registerAndLogin(server);
    const realList = (await real.client.get<CopyProvider[]>('/api/copy/providers')).data;
    expect(names(realList).filter((n) => n.startsWith('Tickwise House'))).toEqual([]);

    for (const password of ['', 'secret-pass-1'])
      expect(
        (
          await api(server.baseUrl, { lang: 'en' }).post('/api/user/loginForU', {
            account: houseEmail('btc'),
            password,
            login_type: 'email',
          })
        ).code,
      ).not.toBe(1);
  });

  it("describe themselves in the reader's language; a trader's own words go as written", async () => {
    await ensureHouseTraders(server.ctx);
    const listIn = async (lang: string, demoId: string): Promise<CopyProvider[]> => {
      const visitor = api(server.baseUrl, { lang });
      const login = await visitor.get<{ token: string }>('/api/user/createAccountDemoForU', { demo_id: demoId });
      return (await visitor.withToken(login.data.token).get<CopyProvider[]>('/api/copy/providers')).data;
    };
    const own = await demoClient(server, 'house-bio-own');
    expect(
      (
        await own.post('/api/copy/publish', {
          name: 'Own Words',
          description: 'Swing EUR/USD',
          fee: 0,
          min_amount: '100',
        })
      ).code,
    ).toBe(1);
    const bio = (list: CopyProvider[], name: string) => list.find((p) => p.name === name)?.description;

    const hk = await listIn('hk', 'house-bio-hk');
    expect(bio(hk, 'Tickwise House EUR')).toBe(
      '由 Tickwise 在模擬市場運行：在隨機時間開倉及平倉 EUR/USD，讓您以模擬資金試試跟單。並非交易策略。',
    );
    expect(bio(hk, 'Tickwise House BTC')).toContain('BTC/USDT');
    expect(bio(hk, 'Own Words')).toBe('Swing EUR/USD');
    const en = await listIn('en', 'house-bio-en');
    expect(bio(en, 'Tickwise House EUR')).toBe(
      'Run by Tickwise on the demo market: opens and closes EUR/USD at random times, so you can try copying with demo money. Not a strategy.',
    );
    // Staff read the stored description, in English.
    const stored = await server.ctx.db.query<{ description: string }>(
      'SELECT p.description FROM copy_providers p JOIN users u ON u.id = p.user_id WHERE u.email = $1',
      [houseEmail('eur')],
    );
    expect(stored[0]?.description).toBe(bio(en, 'Tickwise House EUR'));
  });

  it('stay unpublished once staff unpublish one', async () => {
    const ids = await ensureHouseTraders(server.ctx);
    const eth = ids.get('eth') ?? 0;
    expect(await setUnpublished(server.ctx.db, eth, server.ctx.clock.now())).toBe(true);
    await ensureHouseTraders(server.ctx);
    const listed = (
      await (await demoClient(server, 'house-unpublished-demo')).get<CopyProvider[]>('/api/copy/providers')
    ).data;
    expect(names(listed)).not.toContain('Tickwise House ETH');
  });

  it('open and close through the engine, and a follower’s copy of the minimum follows after the trader’s gains; a halt refuses a move until the next round', async () => {
    const ids = await ensureHouseTraders(server.ctx);
    const btc = ids.get('btc') ?? 0;
    // Past gains: at twice its first balance, ten minimum lots would copy half a lot to a copy of the minimum.
    const at = server.ctx.clock.now();
    await server.ctx.db.tx((q) => move(q, btc, { balance: '10000', type: RecordType.DEMO_FUNDS, memo: 'gains', at }));
    const follower = await demoClient(server, 'house-follower');
    const listed = (await follower.get<CopyProvider[]>('/api/copy/providers')).data;
    const provider = listed.find((p) => p.name === 'Tickwise House BTC');
    expect(
      (await follower.postJson('/api/copy/start', { provider_id: provider?.provider_id, amount: '1000' })).code,
    ).toBe(1);
    // Short of the count wanted, the poll answers the copy's state and its skips, so a failure says why.
    const copied = (want: number) => async (): Promise<number | string> => {
      const held = (await follower.get<CopyItem[]>('/api/copy/mine')).data[0]?.open_positions.length ?? -1;
      if (held === want) return held;
      const state = await server.ctx.db.query(
        `SELECT c.status, c.started_at::text, o.id AS order_id, o.status AS order_status, o.filled_at::text,
                a.action, a.outcome, a.reason
           FROM copies c LEFT JOIN orders o ON o.user_id = c.provider_id
           LEFT JOIN copy_actions a ON a.copy_id = c.id AND a.provider_order_id = o.id
          WHERE c.provider_id = $1`,
        [btc],
      );
      const mirror = logged.filter((line) => /"level":[456]0|copy action waits/.test(line));
      return `held ${held}: ${JSON.stringify(state)} ${mirror.join(' ')}`;
    };

    await runOps(server, 'feed-halt', { code: 'BTCUSDT', reason: 'price check' });
    await houseRound(server.ctx, ids, scripted([...OPEN_BTC_LONG]));
    expect(heldBy(btc)).toEqual([]);
    await runOps(server, 'feed-resume', { code: 'BTCUSDT' });

    // The resumed feed may refuse an open until its next quote: a round per poll until the position is held.
    const open = async (): Promise<number> => {
      if (heldBy(btc).length === 0) await houseRound(server.ctx, ids, scripted([...OPEN_BTC_LONG]));
      return heldBy(btc).length;
    };
    await expect.poll(open, { timeout: slow(10_000) }).toBe(1);
    const inst = server.ctx.engine.instrument(heldBy(btc)[0]?.instrumentId ?? 0);
    expect(heldBy(btc)).toMatchObject([{ side: 'buy' }]);
    expect(Number(heldBy(btc)[0]?.quantity)).toBe(Number(inst?.minLots) * 40);
    await expect.poll(copied(1), { timeout: slow(10_000) }).toBe(1);

    await houseRound(server.ctx, ids, scripted([...CLOSE_BTC]));
    expect(heldBy(btc)).toEqual([]);
    await expect.poll(copied(0), { timeout: slow(10_000) }).toBe(0);
    expect(await ledgerHolds(server.ctx)).toBe(true);
  });
});
