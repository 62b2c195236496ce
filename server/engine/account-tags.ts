// What the dealer's view and the metrics need to know of an account beside its orders: demo or real, and the UID and
// e-mail staff know it by (docs/back-office.md "The dealer's view"). Read once per account (a demo account never turns
// real, so the flag cannot go stale) and kept for the engine's life.
import type { Queryable } from '../db/db.ts';

export interface AccountTag {
  uid: string;
  email: string;
  demo: boolean;
}

export class AccountTags {
  private readonly tags = new Map<number, AccountTag>();

  get(userId: number): AccountTag | undefined {
    return this.tags.get(userId);
  }

  /** Demo accounts stay out of the house's figures; an account not read yet counts as real until it is. */
  isDemo(userId: number): boolean {
    return this.tags.get(userId)?.demo === true;
  }

  /** Reads the accounts not known yet, in one query. */
  async ensure(q: Queryable, userIds: readonly number[]): Promise<void> {
    const missing = userIds.filter((id) => !this.tags.has(id));
    if (missing.length === 0) return;
    const rows = await q.query<{ id: number; uid: string; email: string | null; is_demo: number }>(
      'SELECT id, uid, email, is_demo FROM users WHERE id = ANY($1)',
      [missing],
    );
    for (const r of rows) {
      this.tags.set(Number(r.id), { uid: String(r.uid), email: r.email ?? '', demo: Number(r.is_demo) === 1 });
    }
  }
}
