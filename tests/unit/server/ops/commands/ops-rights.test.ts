// Every ops command declares the right it needs, beside its definition (docs/back-office.md "Roles and rights"):
// a command without one, or with one no role holds, fails here. And the roles are split as the back office says.
import { describe, expect, it } from 'vitest';
import { OPS_COMMANDS } from '../../../../../server/ops/commands/index.ts';
import { mayUse, RIGHTS, ROLE_RIGHTS, ROLES } from '../../../../../server/staff/rights.ts';

describe('ops rights', () => {
  it('every command declares a known right that some role holds', () => {
    const held = new Set(ROLES.flatMap((r) => ROLE_RIGHTS[r]));
    for (const cmd of OPS_COMMANDS) {
      expect((RIGHTS as readonly string[]).includes(cmd.right), `${cmd.name} declares no known right`).toBe(true);
      expect(held.has(cmd.right), `${cmd.name}: no role holds "${cmd.right}"`).toBe(true);
    }
    expect(new Set(OPS_COMMANDS.map((c) => c.name)).size).toBe(OPS_COMMANDS.length);
  });

  it('splits the work: support, finance, dealer, admin', () => {
    const of = (role: (typeof ROLES)[number]) =>
      OPS_COMMANDS.filter((c) => mayUse({ role }, c.right)).map((c) => c.name);
    expect(of('support')).toEqual(expect.arrayContaining(['user-show', 'realname-verify']));
    expect(of('support')).not.toContain('charge-approve');
    expect(of('finance')).toEqual(expect.arrayContaining(['charge-approve', 'withdraw-paid', 'user-credit']));
    expect(of('finance')).not.toContain('feed-halt');
    expect(of('dealer')).toEqual(expect.arrayContaining(['feed-halt', 'feed-map', 'feed-rule']));
    expect(of('dealer')).not.toContain('withdraw-paid');
    // Scheduled closures are halts on a timer: the dealer's, as feed-halt is (docs/market-data.md "Scheduled closures").
    const closures = ['closure-add', 'closure-list', 'closure-cancel'];
    expect(of('dealer')).toEqual(expect.arrayContaining(closures));
    for (const role of ['support', 'finance', 'admin'] as const)
      expect(of(role).filter((c) => closures.includes(c))).toEqual([]);
    // Copy trading: support reads the copies, finance the fees, the dealer suspends a provider.
    expect(of('support')).toEqual(expect.arrayContaining(['copy-list', 'copy-providers', 'copy-state']));
    expect(of('support')).not.toContain('copy-fees');
    expect(of('finance')).toContain('copy-fees');
    // Traders' feedback is support's (docs/feedback.md): no money, so no other role.
    expect(of('support')).toEqual(expect.arrayContaining(['feedback-list', 'feedback-answer']));
    for (const role of ['finance', 'dealer', 'admin'] as const) expect(of(role)).not.toContain('feedback-answer');
    expect(of('dealer')).toEqual(expect.arrayContaining(['provider-suspend', 'copy-reconcile']));
    expect(of('admin')).toEqual(expect.arrayContaining(['staff-create', 'setting-set']));
    expect(of('admin')).not.toContain('charge-approve');
    for (const role of ROLES) expect(of(role)).toEqual(expect.arrayContaining(['audit-search', 'queues']));
    // Break-glass may run everything.
    expect(OPS_COMMANDS.every((c) => mayUse({ role: 'break-glass' }, c.right))).toBe(true);
  });
});
