// The engine's cached balances against its periodic re-read: a fill that commits while the re-read is under way
// caches the newer balance, and the re-read's older row must not put the old one back (the stop-out, the margin call
// and the copy stop-loss judge by it until the next re-read).
import { describe, expect, it } from 'vitest';
import { AccountFigures } from '../../../../server/engine/account-figures.ts';
import { OrderBook } from '../../../../server/engine/order-book.ts';
import type { EngineIndex } from '../../../../server/engine/index-types.ts';
import type { Db } from '../../../../server/db/db.ts';
import { lots, price, usd } from '../../../../domain/units.ts';
import { riskRate } from '../../../../domain/trade-maths.ts';

const USER = 7;

/** A database whose accounts read waits until the test releases it with the rows it returns. */
function slowAccountsDb(): { db: Db; release: (balance: string) => void; reading: () => boolean } {
  let release: ((balance: string) => void) | null = null;
  const query = <T>(sql: string): Promise<T[]> => {
    if (sql.includes('FROM orders')) return Promise.resolve([{ id: 1 }] as T[]);
    return new Promise<T[]>((resolve) => {
      release = (balance) => resolve([{ user_id: USER, balance, lock_balance: '0' }] as T[]);
    });
  };
  const db: Db = {
    kind: 'pglite',
    query,
    tx: () => Promise.reject(new Error('not used')),
    exec: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  return { db, release: (b) => release?.(b), reading: () => release !== null };
}

function balanceIndex(): { index: EngineIndex; balances: string[] } {
  const balances: string[] = [];
  const index: EngineIndex = {
    added: () => undefined,
    removed: () => undefined,
    reindex: () => undefined,
    setBalance: (_userId, balance) => balances.push(balance),
    tick: () => ({ crossed: [], atRisk: [] }),
    marginOf: () => usd('100'),
    floatingOf: () => usd('0'),
    floatingOfOrder: () => null,
    belowStopOut: () => false,
  };
  return { index, balances };
}

function bookWithOnePosition(): OrderBook {
  const book = new OrderBook();
  book.put({
    id: 1,
    userId: USER,
    instrumentId: 1,
    side: 'buy',
    status: 1,
    quantity: lots('0.1'),
    price: price('1.1'),
    originPrice: price('1.1'),
    margin: usd('100'),
    stopProfit: null,
    stopLoss: null,
    trailDistance: null,
  });
  return book;
}

describe('the engine account figures', () => {
  it('keeps a balance a fill cached while a re-read was under way', async () => {
    const { db, release, reading } = slowAccountsDb();
    const { index, balances } = balanceIndex();
    const figures = new AccountFigures(db, bookWithOnePosition(), index, () => false);
    figures.cache(USER, { balance: '1000', lock_balance: '0' });
    const refresh = figures.refresh();
    expect(reading()).toBe(true);
    figures.cache(USER, { balance: '899.89', lock_balance: '100' }); // the fill commits meanwhile
    release('1000'); // the row the re-read saw before that commit
    await refresh;
    expect(balances.at(-1)).toBe('899.89');
    const judged = riskRate({ balance: usd('899.89'), lockBalance: usd('100'), floating: usd('0') });
    expect(String(figures.riskRateOf(USER))).toBe(String(judged));
  });

  it('takes the re-read balance when nothing moved meanwhile, such as a deposit made elsewhere', async () => {
    const { db, release } = slowAccountsDb();
    const { index, balances } = balanceIndex();
    const figures = new AccountFigures(db, bookWithOnePosition(), index, () => false);
    figures.cache(USER, { balance: '899.89', lock_balance: '100' });
    const refresh = figures.refresh();
    release('1899.89');
    await refresh;
    expect(balances.at(-1)).toBe('1899.89');
  });
});
