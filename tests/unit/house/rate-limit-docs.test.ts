// docs/security.md's budget tables say what server/security/limits.ts and counters.ts enforce: every request budget
// group has its row with the same figures, every daily cap its row with the same cap, and no row names a group the
// server does not have. A budget changed in the code without the page (or the page without the code) fails here.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RATE_BUDGETS } from '../../../server/security/limits.ts';
import { DAILY_CAPS, type CounterScope } from '../../../server/security/counters.ts';

const page = readFileSync(join(resolve(import.meta.dirname, '../../..'), 'docs', 'security.md'), 'utf8');

/** The rows (cells, trimmed) of the markdown table whose header row starts with `head`. */
function tableRows(head: string): string[][] {
  const lines = page.split('\n').map((l) => l.trim());
  const start = lines.findIndex((l) => l.startsWith(`| ${head} |`));
  if (start < 0) throw new Error(`no table "${head}" in docs/security.md`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
  }
  return rows;
}

/** The first whole number of a cell ("10 (the account …)" → 10; "–" → null). */
const firstNumber = (cell: string | undefined): number | null => {
  const m = /\d[\d,]*/.exec(cell ?? '');
  return m ? Number(m[0].replace(/,/g, '')) : null;
};

describe('docs/security.md "Request budgets"', () => {
  const rows = tableRows('group').filter((r) => r[0] !== 'none');

  it('has one row per budget group, and no other', () => {
    expect(rows.map((r) => r[0]).sort()).toEqual(Object.keys(RATE_BUDGETS).sort());
  });

  it.each(Object.entries(RATE_BUDGETS))('%s: the figures of limits.ts', (group, budget) => {
    const row = rows.find((r) => r[0] === group);
    expect([firstNumber(row?.[2]), firstNumber(row?.[3])]).toEqual([budget.perAddress, budget.perAccount]);
  });
});

describe('docs/security.md "Daily caps"', () => {
  /** Which cap each row is: the row's words that name it. */
  const ROW_OF: Record<CounterScope, RegExp> = {
    code_send_target: /^codes sent to one e-mail/,
    code_send_address: /^codes sent on behalf of one client address/,
    register_address: /^picture-captcha sign-up attempts/,
    code_guess_account: /^code checks by one signed-in account/,
    demo_address: /^new demo accounts/,
  };
  const rows = tableRows('scope');

  it('has one row per cap, and no other', () => {
    expect(rows).toHaveLength(Object.keys(DAILY_CAPS).length);
    for (const re of Object.values(ROW_OF)) expect(rows.filter((r) => re.test(r[0] ?? ''))).toHaveLength(1);
  });

  it.each(Object.entries(DAILY_CAPS) as Array<[CounterScope, number]>)('%s: the cap of counters.ts', (scope, cap) => {
    const row = rows.find((r) => ROW_OF[scope].test(r[0] ?? ''));
    expect(firstNumber(row?.[1])).toBe(cap);
  });
});
