import { TEST_OPERATOR } from '../support/harness.ts';
// The margin call (docs/trading.md "Margin call") on the real database (TEST_DB=pglite and postgres) and the engine
// over a scripted market: a trader whose risk rate crosses the dealer's level downward is told once — one MARGIN_CALL
// socket event, one Web Push, one e-mail notice — however many ticks and checks follow below it; rising back above
// re-arms it, and the next crossing tells them again; a restarted (or failed-over) writer does not tell them twice.
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../domain/ws-protocol.ts';
import { MarginCallWatch, type MarginCallValues } from '../../../server/engine/margin-call.ts';
import { marginCallLevelCommand } from '../../../server/ops/commands/book.ts';
import type { Message } from '../../../server/core/services.ts';
import { fundedUser, marketBuy, useEngineBed } from '../support/engine-helpers.ts';
import { IDLE_TIMERS } from '../../fixtures/null-services.ts';

const bed = useEngineBed();

function recorders() {
  const notices: Message[] = [];
  const pushes: Array<{ userId: number; values: MarginCallValues }> = [];
  return {
    notices,
    pushes,
    notifier: { send: async (m: Message) => void notices.push(m) },
    webPush: { sendNotice: async (userId: number, values: MarginCallValues) => void pushes.push({ userId, values }) },
  };
}

function watch(r: ReturnType<typeof recorders>): MarginCallWatch {
  return new MarginCallWatch({
    db: bed.ctx.db,
    clock: bed.ctx.clock,
    timers: IDLE_TIMERS,
    log: bed.ctx.log,
    push: bed.push,
    notifier: r.notifier,
    webPush: r.webPush,
    figures: { users: () => bed.engine.book.users(), riskRateOf: (id) => bed.engine.riskRateOf(id) },
  });
}

const calls = (userId: number): ServerMessage[] => bed.push.of(userId).filter((m) => m.type === 'MARGIN_CALL');

async function tick(p: string): Promise<void> {
  bed.market.setPrice('TSTEUR', p);
  await bed.engine.idle();
}

describe('margin call', () => {
  it('the level is the dealer’s setting: above the stop-out, refused otherwise', async () => {
    expect(await marginCallLevelCommand.run(bed.ctx, {}, TEST_OPERATOR)).toEqual({ level: '100.00' });
    for (const bad of ['50', '40', '1001', 'abc', '-5', '100.123']) {
      await expect(marginCallLevelCommand.run(bed.ctx, { level: bad }, TEST_OPERATOR)).rejects.toThrow();
    }
    expect(await marginCallLevelCommand.run(bed.ctx, { level: '120' }, TEST_OPERATOR)).toEqual({ level: '120.00' });
    expect(await marginCallLevelCommand.run(bed.ctx, { level: '100' }, TEST_OPERATOR)).toEqual({ level: '100.00' });
  });

  it('tells once per crossing, not once per tick; re-armed above the level; not again after a restart', async () => {
    await tick('1.10000');
    const now = bed.ctx.clock.now();
    const userId = await fundedUser(bed.ctx.db, '2000', now);
    await bed.ctx.db.query('UPDATE users SET email = $2 WHERE id = $1', [userId, `mc${userId}@example.com`]);
    // 1 lot at 1.10000 ×100: margin 1,100, fee 1.1, available 898.9. 100 % is reached below 1.091011.
    await bed.engine.submit(userId, 9001, marketBuy(), null);
    const r = recorders();
    const w = watch(r);
    await w.start();
    await tick('1.09500');
    expect(await w.check()).toEqual([]);
    await tick('1.09050'); // equity 1,048.9: 95.35 %
    expect(await w.check()).toEqual([userId]);
    for (const p of ['1.09040', '1.09000', '1.08900', '1.09010']) {
      await tick(p);
      expect(await w.check()).toEqual([]);
    }
    expect(calls(userId)).toEqual([{ type: 'MARGIN_CALL', data: { risk_rate: '95.35', level: '100.00' } }]);
    expect(r.pushes).toEqual([{ userId, values: { risk_rate: '95.35', level: '100.00' } }]);
    expect(r.notices.map((m) => [m.kind, m.channel, m.to, m.values])).toEqual([
      ['margin_call', 'email', `mc${userId}@example.com`, { risk_rate: '95.35', level: '100.00' }],
    ]);

    // A new writer (restart, fail-over) over the same database: the crossing was told, so nothing.
    await w.stop();
    const again = recorders();
    const w2 = watch(again);
    await w2.start();
    await tick('1.08950');
    expect(await w2.check()).toEqual([]);
    expect(again.pushes).toEqual([]);

    // Back above the level re-arms it; the next crossing is told once more.
    await tick('1.09500');
    expect(await w2.check()).toEqual([]);
    await tick('1.09000');
    expect(await w2.check()).toEqual([userId]);
    await tick('1.08990');
    expect(await w2.check()).toEqual([]);
    expect(calls(userId)).toHaveLength(2);
    expect(again.pushes).toHaveLength(1);
    expect(again.notices).toHaveLength(1);
    await w2.stop();
  });
});
