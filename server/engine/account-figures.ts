// Deposits and withdrawals happen elsewhere, so the cached balances are re-read every ACCOUNT_REFRESH_MS.
import { riskRate } from '../../domain/trade-maths.ts';
import { usd, type Ratio } from '../../domain/units.ts';
import type { Db } from '../db/db.ts';
import { accountsOf, type AccountBalance } from '../ledger/ledger.ts';
import type { EngineIndex } from './index-types.ts';
import type { OrderBook } from './order-book.ts';
import { openOrderIds } from './orders-repository.ts';
import type { OpenOrder } from './types.ts';

export class AccountFigures {
  /** The index keeps them too, in its own units. */
  private readonly balances = new Map<number, string>();
  /** Which movement cached each balance last, counted up, so a refresh read before it cannot undo it. */
  private movements = 0;
  private readonly movedAt = new Map<number, number>();
  private readonly db: Db;
  private readonly book: OrderBook;
  private readonly index: EngineIndex;
  /** Such an order is not judged by a reconcile. */
  private readonly isBusy: (orderId: number) => boolean;

  constructor(db: Db, book: OrderBook, index: EngineIndex, isBusy: (orderId: number) => boolean) {
    this.db = db;
    this.book = book;
    this.index = index;
    this.isBusy = isBusy;
  }

  /** From a committed movement: newer than any refresh still reading. */
  cache(userId: number, a: AccountBalance): void {
    this.movedAt.set(userId, ++this.movements);
    this.store(userId, a);
  }

  private store(userId: number, a: AccountBalance): void {
    this.index.setBalance(userId, String(a.balance));
    this.balances.set(userId, String(a.balance));
  }

  /** null when nothing is locked or the balance is not cached yet. */
  riskRateOf(userId: number): Ratio | null {
    const balance = this.balances.get(userId);
    if (balance === undefined) return null;
    return riskRate({
      balance: usd(balance),
      lockBalance: this.index.marginOf(userId),
      floating: this.index.floatingOf(userId),
    });
  }

  async refresh(): Promise<void> {
    const users = this.book.users();
    if (users.length === 0) return;
    const readFrom = this.movements;
    for (const r of await accountsOf(this.db, users)) {
      // A movement cached while the read was under way may be newer than the row it returned.
      if ((this.movedAt.get(r.user_id) ?? 0) <= readFrom) this.store(r.user_id, r);
    }
    await this.reconcile(users);
  }

  /** A demo reset deletes orders behind the engine's back; only entries indexed before the query are judged. */
  private async reconcile(users: number[]): Promise<void> {
    const before = new Map<number, OpenOrder>();
    for (const userId of users) for (const o of this.book.forUser(userId)) before.set(o.id, o);
    const ids = await openOrderIds(this.db, users);
    for (const [id, o] of before) {
      if (!ids.has(id) && !this.isBusy(id) && this.book.get(id) === o) this.book.remove(id);
    }
  }
}
