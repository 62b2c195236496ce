// Read once per account and kept: a demo account never turns real, so the flag cannot go stale.
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

  /** In one query. */
  async ensure(q: Queryable, userIds: readonly number[]): Promise<void> {
    const missing = userIds.filter((id) => !this.tags.has(id));
    if (missing.length === 0) return;
    const rows = await q.query<{ id: number; uid: string; email: string | null; is_demo: number }>(
      'SELECT id, uid, email, is_demo FROM users WHERE id = ANY($1)',
      [missing],
    );
    for (const r of rows) this.tags.set(r.id, { uid: r.uid, email: r.email ?? '', demo: Number(r.is_demo) === 1 });
  }
}
