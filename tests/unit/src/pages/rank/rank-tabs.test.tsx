// Switching /rank to the copy tab kept the ranking's rows on screen under the copy list's heading until (and, if the
// ranking's reply came last, after) the copy list arrived. Each tab shows only its own list's reply. And a row names
// its trader's instrument as "Instrument", never "Variety" (in no language's file).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { RankPage } from '../../../../../src/pages/rank/rank-page.tsx';
import { renderRoutes, settle } from '../../../pages-render.tsx';
import { startInEnglish, useFakeApi } from '../../../page-suite.tsx';
import type { Reply } from '../../../api-fake-server.ts';

const routes: RouteObject[] = [{ path: '/rank', element: <RankPage /> }];
const fake = useFakeApi();
beforeAll(startInEnglish);

const trader = (user: string, rank: number) => ({
  rank,
  user,
  code: 'EUR/USD',
  multiple: 100,
  three_week_rate: '1.00',
  three_week_win: '50.00',
  three_week_profit: '10.00',
  total_rate: '2.00',
  total_trade_num: 3,
  followers: 4,
  is_sample: user.startsWith('Sample') ? 1 : 0,
});
const page = (...names: string[]): Reply => ({
  envelope: { code: 1, msg: '', data: { data: names.map((n, i) => trader(n, i + 1)), total: names.length } },
});

const shown = () => ({
  list: document.querySelector('[data-testid="rank-list"]')?.getAttribute('data-list'),
  names: [...document.querySelectorAll('.rank-row__name')].map((e) => e.textContent),
});

describe('/rank tabs', () => {
  it('the copy tab never shows the ranking’s rows, even when the ranking’s reply comes last', async () => {
    const pending: Record<string, (r: Reply) => void> = {};
    let calls = 0;
    fake.server.on('GET', '/api/follow/list', (req) => {
      calls++;
      // The first ranking reply comes at once; the copy reply and a second ranking reply wait for the test.
      if (req.params.sort === 'rate' && calls === 1) return page('Ranked A', 'Ranked B');
      return new Promise<Reply>((resolve) => (pending[`${String(req.params.sort)}${calls}`] = resolve));
    });
    const view = await renderRoutes(routes, '/rank');
    expect(shown()).toEqual({ list: 'rank', names: ['Ranked A', 'Ranked B'] });

    act(() => view.navigate('/rank?tab=copy'));
    await settle();
    expect(shown()).toEqual({ list: 'copy', names: [] });

    pending.followers2?.(page('Followed X', 'Followed Y'));
    await settle();
    expect(shown()).toEqual({ list: 'copy', names: ['Followed X', 'Followed Y'] });

    // Back to the ranking and straight to copy again: the ranking's late reply lands after the copy list's.
    act(() => view.navigate('/rank'));
    await settle();
    act(() => view.navigate('/rank?tab=copy'));
    await settle();
    pending.followers4?.(page('Followed Z'));
    await settle();
    pending.rate3?.(page('Late ranking'));
    await settle();
    expect(shown()).toEqual({ list: 'copy', names: ['Followed Z'] });
    expect(fake.server.seen.map((r) => r.params.sort)).toEqual(['rate', 'followers', 'rate', 'followers']);
  });
});

describe('a trader row', () => {
  it('names the instrument "Instrument", and no language file says "Variety"', async () => {
    fake.server.on('GET', '/api/follow/list', () => page('Ranked A'));
    await renderRoutes(routes, '/rank');
    const meta = document.querySelector('.rank-row__meta')?.textContent ?? '';
    expect(meta.replace(/\s+/g, ' ')).toBe('Instrument EUR/USD · ×100');
    // Every text of every language file (the values, not the key `content.variety`).
    const texts = (v: unknown): string[] =>
      typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(texts) : [];
    const dir = join(process.cwd(), 'locales');
    const saying = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) =>
        texts(JSON.parse(readFileSync(join(dir, f), 'utf8')))
          .filter((t) => /\bvariety\b/i.test(t))
          .map((t) => `${f}: ${t}`),
      );
    expect(saying).toEqual([]);
  });
});

describe('a sample trader', () => {
  it('is marked "Sample"; a real trader is not', async () => {
    fake.server.on('GET', '/api/follow/list', () => page('Real R', 'Sample S'));
    await renderRoutes(routes, '/rank');
    const rows = [...document.querySelectorAll('.rank-row__name')];
    expect(rows.map((r) => r.querySelector('[data-field="sample"]')?.textContent ?? null)).toEqual([null, 'Sample']);
  });
});
