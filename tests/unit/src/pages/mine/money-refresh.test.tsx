// After the operator paid a withdrawal, /mine/withdraw still listed it as Pending until a reload.
// The money screens read their lists and balance again on the ACCOUNT socket event, after a reconnect (the feed's gap)
// and when the page comes back to the front (use-refresh-on-change.ts).
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { WithdrawPage } from '../../../../../src/pages/mine/withdraw-page.tsx';
import { HistoryPage } from '../../../../../src/pages/mine/history-page.tsx';
import { dispatchAccountChange, dispatchOrderGap } from '../../../../../src/state/feed/feed-listeners.ts';
import type { WithdrawRecord } from '../../../../../domain/wallet-types.ts';
import { ok } from '../../../api-fake-server.ts';
import { renderRoutes, settle } from '../../../pages-render.tsx';
import { startInEnglish, useFakeApi } from '../../../page-suite.tsx';

const routes: RouteObject[] = [
  { path: '/mine/withdraw', element: <WithdrawPage /> },
  { path: '/mine/history', element: <HistoryPage /> },
];

const fake = useFakeApi();

const record = (status: 0 | 1, statusName: string): WithdrawRecord => ({
  id: 1,
  number: '50',
  real_number: '49.00',
  draw_currency: { code: 'USDT', protocol: 'TRC20' },
  fee: '1.00',
  status,
  status_name: statusName,
  created_at: '2026-11-24 09:00:00',
  type: 1,
  address: 'TKzxdSv2FZKQrEqkKVgp5DcwEXBEKMg2Ax',
  payee_account: '',
  notes: '',
});

let paid = false;
const statuses = (): string[] =>
  [...document.querySelectorAll('[data-testid="withdraw-history"] .mw-status')].map((e) => e.textContent ?? '');

beforeAll(startInEnglish);

beforeEach(() => {
  paid = false;
  fake.server.on('GET', '/v1/api/main/wallet/getBalance', () =>
    ok({ balance: '950', lock_balance: paid ? '0' : '50' }),
  );
  fake.server.on('GET', '/api/account/draw_symbol_list', ok([]));
  fake.server.on('GET', '/api/account/draw_list', () =>
    ok({ data: [paid ? record(1, 'Paid') : record(0, 'Pending')], total: 1 }),
  );
  fake.server.on('GET', '/v1/api/main/accountLog/forexChange', ok({ list: [], total: 0 }));
});

const operatorPays = (): void => {
  paid = true;
};

describe('a money screen stays current', () => {
  it('/mine/withdraw shows a withdrawal paid elsewhere as Paid on the ACCOUNT event, without a reload', async () => {
    await renderRoutes(routes, '/mine/withdraw');
    expect(statuses()).toEqual(['Pending']);
    operatorPays();
    await act(async () => dispatchAccountChange('withdrawal'));
    await settle();
    expect(statuses()).toEqual(['Paid']);
  });

  it('reads again after a reconnect (events may have been missed) and when the page comes back to the front', async () => {
    await renderRoutes(routes, '/mine/withdraw');
    const lists = (): number => fake.server.seen.filter((r) => r.url === '/api/account/draw_list').length;
    const before = lists();
    operatorPays();
    await act(async () => dispatchOrderGap());
    await settle();
    expect(statuses()).toEqual(['Paid']);
    expect(lists()).toBe(before + 1);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus')); // the same return to the tab: one read, not two
    });
    await settle();
    expect(lists()).toBe(before + 2);
    await act(async () => window.dispatchEvent(new Event('focus'))); // another window was in front
    await settle();
    expect(lists()).toBe(before + 3);
  });

  it('the balance above the records follows too (/mine/history)', async () => {
    await renderRoutes(routes, '/mine/history');
    const balances = (): number => fake.server.seen.filter((r) => r.url === '/v1/api/main/wallet/getBalance').length;
    const before = balances();
    await act(async () => dispatchAccountChange('deposit'));
    await settle();
    expect(balances()).toBe(before + 1);
  });
});
