// Payout holds told by the server's clock (docs/security.md "Payout holds"), on the real database (TEST_DB=pglite and
// postgres) with a manual clock standing for SIM_TIME: each saved method answers `held_until`, the later of its own
// hold and the account's, or 0 once both passed by the server's clock; the security overview's withdrawal hold is 0
// once passed. The browser never has to compare the server's moments with its own clock.
import { describe, expect, it } from 'vitest';
import type { SecurityOverview } from '../../../domain/security-types.ts';
import type { WithdrawCurrency, WithdrawMethod } from '../../../domain/wallet-types.ts';
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { manualClock, outboxCode, registerAndLogin, useTestServer } from '../support/harness.ts';

const HOUR = 3_600_000;
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const clock = manualClock();
const t = useTestServer({ clock, market: { manual: true } });

describe('payout holds by the server clock', () => {
  it("answers each method's hold and the account's, and 0 once the server's clock passed them", async () => {
    const u = await registerAndLogin(t.server, { clock });
    await move(t.server.ctx.db, u.user.id, { balance: '1000', type: RecordType.MEMO, memo: 'test', at: clock.now() });
    const [coin] = (await u.client.get<WithdrawCurrency[]>('/api/account/draw_symbol_list', { type: 1 })).data;
    const bound = await u.client.post('/api/wallet/bind_draw_method', { type: 1, draw_id: coin?.id, dc_address: TRON });
    expect(bound.code, bound.msg).toBe(1);
    const method = async () =>
      (await u.client.get<WithdrawMethod[]>('/api/wallet/get_draw_method', { draw_type: 1 })).data[0];
    const overview = async () => (await u.client.get<SecurityOverview>('/api/security/overview')).data;
    // The add-address screen says the hold before anything is added: the hours are a public setting.
    const hours = await u.client.get<{ value: string }>('/api/default/setting', { key: 'payout_hold_hours' });
    expect(hours.data.value).toBe('24');
    const added = await method();
    expect(added?.usable_from).toBe(clock.now() + 24 * HOUR);
    expect(added?.held_until).toBe(added?.usable_from);
    expect((await overview()).withdrawals_held_until).toBe(0);

    clock.advance(24 * HOUR);
    expect((await method())?.held_until).toBe(0);

    // A password change holds the account's withdrawals: every method says so, and so does the overview.
    const sent = await u.client.post<{ key: string }>('/api/notify/send_email', { to: u.account, type: 2 });
    const changed = await u.client.post('/api/user/amend_password', {
      new_password: 'new-pass-59',
      auth_code: await outboxCode(t.server.ctx, u.account),
      key: sent.data.key,
      type: 'email',
    });
    expect(changed.code, changed.msg).toBe(1);
    const until = clock.now() + 24 * HOUR;
    expect((await method())?.held_until).toBe(until);
    expect((await overview()).withdrawals_held_until).toBe(until);

    clock.advance(24 * HOUR);
    expect((await method())?.held_until).toBe(0);
    expect((await overview()).withdrawals_held_until).toBe(0);
  });
});
