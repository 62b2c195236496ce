// The order engine's cached account figures: each user's available balance as last read (after a commit, and every
// ACCOUNT_REFRESH_MS for users with open orders, since deposits and withdrawals happen elsewhere), the risk rate the
// margin-call watch reads from them, and the orders removed behind the engine's back leaving its book.
import { riskRate } from '../../domain/trade-maths.ts';
import { usd, type Ratio } from '../../domain/units.ts';
import type { Db } from '../db/db.ts';
import { accountsOf, type AccountBalance } from '../ledger/ledger.ts';
import type { EngineIndex } from './index-types.ts';
import type { OrderBook } from './order-book.ts';
import { openOrderIds } from './orders-repository.ts';
import type { OpenOrder } from './types.ts';

export class AccountFigures {
  /** The cached available balances (also in the index, which keeps them in its own units). */
  private readonly balances = new Map<number, string>();

  constructor(
    private readonly db: Db,
    private readonly book: OrderBook,
    private readonly index: EngineIndex,
    /** Is a trigger action under way for this order? Such an order is not judged by a reconcile. */
    private readonly isBusy: (orderId: number) => boolean,
  ) {}

  cache(userId: number, a: AccountBalance): void {
    this.index.setBalance(userId, String(a.balance));
    this.balances.set(userId, String(a.balance));
  }

  /** The risk rate from the cached balance, the margins and the floating P&L: the margin-call watch's input. Null
   * when nothing is locked or the balance is not cached yet. */
  riskRateOf(userId: number): Ratio | null {
    const balance = this.balances.get(userId);
    if (balance === undefined) return null;
    return riskRate({
      balance: usd(balance),
      lockBalance: this.index.marginOf(userId),
      floating: this.index.floatingOf(userId),
    });
  }

  /** Re-reads the balances of the users with open orders, then drops the orders the database no longer has open. */
  async refresh(): Promise<void> {
    const users = this.book.users();
    if (users.length === 0) return;
    for (const r of await accountsOf(this.db, users)) this.cache(Number(r.user_id), r);
    await this.reconcile(users);
  }

  /** Orders removed behind the engine's back (a demo reset deletes them) leave the index. Only entries indexed
   * before the query are judged: one added meanwhile was committed after the query looked. */
  private async reconcile(users: number[]): Promise<void> {
    const before = new Map<number, OpenOrder>();
    for (const userId of users) for (const o of this.book.forUser(userId)) before.set(o.id, o);
    const ids = await openOrderIds(this.db, users);
    for (const [id, o] of before) {
      if (!ids.has(id) && !this.isBusy(id) && this.book.get(id) === o) this.book.remove(id);
    }
  }
}
