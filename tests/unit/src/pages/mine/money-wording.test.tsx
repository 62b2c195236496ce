// A bank deposit in HKD showed no USD value before it was sent; the deposit and withdraw
// amount fields had no placeholder with the allowed range; a blank withdraw address said "Please select an address to
// call". (The fund confirm sheet's currency: tests/unit/src/pages/funds/funds-subscribe.test.tsx.)
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { ChargePage } from '../../../../../src/pages/mine/charge-page.tsx';
import { WithdrawPage } from '../../../../../src/pages/mine/withdraw-page.tsx';
import { WithdrawWayPage } from '../../../../../src/pages/mine/withdraw-way-page.tsx';
import { withdrawRange } from '../../../../../domain/withdraw-fee.ts';
import { ok } from '../../../api-fake-server.ts';
import { renderRoutes, settle, submit, typeInto } from '../../../pages-render.tsx';
import { startInEnglish, useFakeApi } from '../../../page-suite.tsx';

const routes: RouteObject[] = [
  { path: '/mine/charge', element: <ChargePage /> },
  { path: '/mine/withdraw', element: <WithdrawPage /> },
  { path: '/mine/withdraw-way', element: <WithdrawWayPage /> },
];
const fake = useFakeApi();
const q = (sel: string): HTMLElement | null => document.querySelector(sel);
const placeholder = (sel: string): string | null => (q(sel) as HTMLInputElement | null)?.placeholder ?? null;

beforeAll(startInEnglish);

beforeEach(() => {
  fake.server.on('GET', '/v1/api/main/wallet/getBalance', ok({ balance: '950.5', lock_balance: '0' }));
  fake.server.on(
    'GET',
    '/api/quickCharge/info',
    ok([{ id: 1, currency_code: 'USDT', protocol_code: 'TRC20', address: 'TKzxdSv2FZKQrEqkKVgp5DcwEXBEKMg2Ax' }]),
  );
  fake.server.on(
    'GET',
    '/api/quickCharge/symbols',
    ok([
      { id: 1, name: 'USD', usd_price: '1' },
      { id: 2, name: 'HKD', usd_price: '7.8' },
    ]),
  );
  fake.server.on(
    'GET',
    '/api/quickCharge/wire_info',
    ok([
      {
        id: 11,
        bank_name: 'Harbour Bank',
        bank_address: '',
        bank_swift: 'HBKAHKHH',
        payee_name: 'Tickwise',
        payee_account: '111',
        bank_remark: '',
      },
    ]),
  );
  fake.server.on('GET', '/api/quickCharge/quick_ist', ok({ data: [], total: 0 }));
  fake.server.on(
    'GET',
    '/api/account/draw_symbol_list',
    ok([{ id: 5, code: 'USDT', protocol: 'TRC20', draw_rate: '1', fee_type: 1, usd_price: '1' }]),
  );
  fake.server.on(
    'GET',
    '/api/wallet/get_draw_method',
    ok([
      {
        id: 9,
        dc_address: 'TKzxdSv2FZKQrEqkKVgp5DcwEXBEKMg2Ax',
        payee_account: '',
        bank_name: '',
        payee_name: '',
        draw_currency: { code: 'USDT', protocol: 'TRC20' },
      },
    ]),
  );
  fake.server.on('GET', '/api/account/draw_list', ok({ data: [], total: 0 }));
});

describe('money wording', () => {
  it('a wire in HKD shows its USD value before it is sent: 780 HKD is 100.00 USD', async () => {
    await renderRoutes(routes, '/mine/charge');
    await act(async () => (q('.segmented__item[data-value="1"]') as HTMLElement).click());
    await settle();
    await act(async () =>
      (
        q('[data-testid="bank-coins"] [data-id="2"], [data-testid="bank-coins"] button:nth-child(2)') as HTMLElement
      ).click(),
    );
    await settle();
    expect(placeholder('[data-testid="bank-charge"] input[name="number"]')).toBe('0.01 – 10,000,000 HKD');
    await typeInto(q('[data-testid="bank-charge"] input[name="number"]'), '780');
    expect(q('[data-testid="usd-value"]')?.textContent).toBe('Credited ≈ 100.00 USD');
    await typeInto(q('[data-testid="bank-charge"] input[name="number"]'), '1e3');
    expect(q('[data-testid="usd-value"]')).toBeNull();
  });

  it('the coin deposit and the withdrawal say the range they take', async () => {
    await renderRoutes(routes, '/mine/charge');
    await settle();
    expect(placeholder('input[name="number"]')).toBe('0.00000001 – 1,000,000,000 USDT');
    await renderRoutes(routes, '/mine/withdraw');
    await settle();
    // A fixed 1 USD fee: at least 1.01; at most the 950.50 available.
    expect(placeholder('[data-testid="withdraw-form"] input[name="number"]')).toBe('1.01 – 950.50 USD');
  });

  it('withdrawRange: from the first cent that pays out to the balance or the rule’s maximum', () => {
    expect(withdrawRange({ fee_type: 2, draw_rate: '0.2', usd_price: '7.8' }, undefined, '10000000')).toEqual({
      min: '0.01',
      max: '10000000.00',
    });
    expect(withdrawRange({ fee_type: 1, draw_rate: '2.5', usd_price: '1' }, '20', '10000000')).toEqual({
      min: '2.51',
      max: '20.00',
    });
  });

  it('a blank withdraw address asks for the address, under the field', async () => {
    await renderRoutes(routes, '/mine/withdraw-way?type=1');
    await settle();
    await submit(q('[data-testid="withdraw-way"]'));
    expect(q('[data-message-for="dc_address"]')?.textContent).toBe('Please enter the TRC20 address to withdraw to');
    await typeInto(q('input[name="dc_address"]'), 'TKzxdSv2FZKQrEqkKVgp5DcwEXBEKMg2Ay');
    expect(q('[data-message-for="dc_address"]')?.textContent).toBe('This is not a valid TRC20 address');
    expect(fake.server.seen.some((r) => r.url === '/api/wallet/bind_draw_method')).toBe(false);
  });
});
