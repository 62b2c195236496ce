// The wallet screens' rules without a browser: the history text (type 10 = memo), the value colour, the charge
// form's checks before anything is sent, the no-pay-way message, the §8 toast after a submit, and paging to the end.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import type { RouteObject } from 'react-router-dom';
import { COIN_AMOUNT, USD_AMOUNT } from '../../src/domain/amount-input.ts';
import { initI18n, setLanguage } from '../../src/i18n/index.ts';
import { restoreSession, signOut } from '../../src/state/session.ts';
import { $toasts } from '../../src/state/toasts.ts';
import { recordText, valueSign } from '../../src/pages/wallet/record-text.ts';
import { chargeProblem } from '../../src/pages/wallet/charge-amount.ts';
import { HistoryPage } from '../../src/pages/wallet/history-page.tsx';
import { ChargePage } from '../../src/pages/wallet/charge-page.tsx';
import { fakeServer, ok, type FakeServer } from './api-fake-server.ts';
import { click, renderRoutes, settle, submit, typeInto, type Rendered } from './pages-render.tsx';

describe('history text and sign', () => {
  it('shows the memo for type 10 and the translated memo otherwise', () => {
    expect(recordText({ Type: 10, Memo: 'Goodwill', MemoTran: 'ignored' })).toBe('Goodwill');
    expect(recordText({ Type: 31, Memo: '#4 250 USDT', MemoTran: 'Deposit #4 250 USDT' })).toBe('Deposit #4 250 USDT');
    expect(recordText({ Type: 99, Memo: 'raw', MemoTran: '' })).toBe('raw');
  });

  it('colours credits up, debits down and a zero record neutral', () => {
    expect(valueSign('12.50')).toBe('up');
    expect(valueSign('-0.217')).toBe('down');
    expect(valueSign('0.00')).toBe('flat');
  });
});

describe('charge form checks', () => {
  it('asks for the amount, refuses bad amounts and a missing proof', () => {
    expect(chargeProblem(' ', COIN_AMOUNT, 'coin_amount_required', 'u')).toBe('errors.coin_amount_required');
    expect(chargeProblem('0', COIN_AMOUNT, 'coin_amount_required', 'u')).toBe('errors.amount_invalid');
    expect(chargeProblem('-5', USD_AMOUNT, 'recharge_amount_required', 'u')).toBe('errors.amount_invalid');
    expect(chargeProblem('NaN', USD_AMOUNT, 'recharge_amount_required', 'u')).toBe('errors.amount_invalid');
    expect(chargeProblem('1e3', USD_AMOUNT, 'recharge_amount_required', 'u')).toBe('errors.amount_invalid');
    expect(chargeProblem('1.005', USD_AMOUNT, 'recharge_amount_required', 'u')).toBe('errors.amount_places');
    expect(chargeProblem('99999999999', USD_AMOUNT, 'recharge_amount_required', 'u')).toBe('errors.amount_too_large');
    expect(chargeProblem('10', USD_AMOUNT, 'recharge_amount_required', '')).toBe('errors.proof_required');
    expect(chargeProblem('0.00000001', COIN_AMOUNT, 'coin_amount_required', '/api/common/image/x')).toBeNull();
  });
});

const routes: RouteObject[] = [
  { path: '/mine/history', element: <HistoryPage /> },
  { path: '/mine/charge', element: <ChargePage /> },
];

let server: FakeServer;
let view: Rendered | null = null;
const q = (sel: string): Element | null => view?.container.querySelector(sel) ?? null;
const all = (sel: string): Element[] => [...(view?.container.querySelectorAll(sel) ?? [])];
const toasts = (): string[] => $toasts.value.map((t) => t.text);
const calls = (url: string): number => server.seen.filter((r) => r.url === url).length;

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
  await restoreSession();
});

beforeEach(async () => {
  await setLanguage('en');
  signOut();
  $toasts.value = [];
  server = fakeServer();
  server.on('GET', '/v1/api/main/wallet/getBalance', ok({ balance: '1234.5', lock_balance: '10' }));
  server.on('GET', '/api/quickCharge/info', ok([{ id: 1, currency_code: 'USDT', protocol_code: 'TRC20', address: 'TKzxdSv2FZKQrEqkKVgp5DcwEXBEKMg2Ax' }]));
  server.on('GET', '/api/quickCharge/symbols', ok([{ id: 1, name: 'USD' }]));
  server.on('GET', '/api/quickCharge/quick_ist', ok({ data: [], total: 0 }));
});

afterEach(async () => {
  server.restore();
  await view?.unmount();
  view = null;
});

describe('/mine/history', () => {
  it('shows available and frozen, the records with the type 10 rule, and "no more" at the total', async () => {
    server.on('GET', '/v1/api/main/accountLog/forexChange', ok({
      list: [
        { Id: 2, Value: '-5.00', Type: 10, Memo: 'Correction', MemoTran: 'Correction', CreatedAtTran: '2026-01-06 12:00:00' },
        { Id: 1, Value: '250.00', Type: 31, Memo: '#1 250 USDT', MemoTran: 'Deposit #1 250 USDT', CreatedAtTran: '2026-01-06 11:00:00' },
      ],
      total: 2,
    }));
    view = await renderRoutes(routes, '/mine/history');
    expect(q('[data-testid="funds-available"]')?.textContent).toBe('1,234.50');
    expect(q('[data-testid="funds-frozen"]')?.textContent).toBe('10.00');
    const rows = all('.wl-record');
    expect(rows.map((r) => r.querySelector('.wl-record__text')?.textContent)).toEqual(['Correction', 'Deposit #1 250 USDT']);
    expect(rows[1]?.querySelector('.wl-record__value')?.textContent).toBe('+250.00');
    expect(q('.wl-list-end')?.getAttribute('data-state')).toBe('finished');
  });

  it('says "no data" when there are no records', async () => {
    server.on('GET', '/v1/api/main/accountLog/forexChange', ok({ list: [], total: 0 }));
    view = await renderRoutes(routes, '/mine/history');
    expect(q('.empty-state')?.textContent).toContain('No data');
  });
});

describe('/mine/charge', () => {
  it('checks the coin form before sending, then toasts the server message and reloads the history', async () => {
    server.on('GET', '/api/quickCharge/submit', ok(null, 'Submitted, your deposit will be credited after review'));
    view = await renderRoutes(routes, '/mine/charge');
    expect(q('[data-testid="deposit-address"]')?.textContent).toBe('TKzxdSv2FZKQrEqkKVgp5DcwEXBEKMg2Ax');
    await submit(q('[data-testid="coin-charge"]'));
    expect(q('.wl-form [role="alert"]')?.textContent).toBe('Please enter the number of coins to be charged');
    await typeInto(q('input[name="number"]'), '250');
    await submit(q('[data-testid="coin-charge"]'));
    expect(q('.wl-form [role="alert"]')?.textContent).toBe('Please upload the payment proof');
    expect(calls('/api/quickCharge/submit')).toBe(0);

    // One proof image: previewed, uploaded, and its private URL sent with the charge.
    const proofUrl = '/api/common/image/AAAAAAAAAAAAAAAAAAAAAA';
    server.on('POST', '/api/common/image_upload', ok({ url: proofUrl }));
    const input = q('[data-testid="proof-input"]') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [new File([new Uint8Array([137, 80, 78, 71])], 'p.png', { type: 'image/png' })] });
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(q('[data-testid="proof-preview"]')?.getAttribute('data-state')).toBe('done');
    await submit(q('[data-testid="coin-charge"]'));
    const sent = server.seen.filter((r) => r.url === '/api/quickCharge/submit');
    expect(sent.map((r) => [r.params.number, r.params.proofImg, r.params.charge_id])).toEqual([['250', proofUrl, 1]]);
    expect(toasts()).toContain('Submitted, your deposit will be credited after review');
    expect(calls('/api/quickCharge/quick_ist')).toBe(2);
    expect((q('input[name="number"]') as HTMLInputElement).value).toBe('');
  });

  it('says there is no pay way when no bank account is chosen, and sends nothing', async () => {
    server.on('GET', '/api/quickCharge/wire_info', ok([]));
    view = await renderRoutes(routes, '/mine/charge?type=1');
    expect(q('.wl-note')?.textContent).toBe('There is no payment channel for the French currency account');
    await submit(q('[data-testid="bank-charge"]'));
    expect(toasts()).toContain('There is no payment channel for the French currency account');
    expect(calls('/api/quickCharge/wire_submit')).toBe(0);
  });

  it('switches between coin and bank in the query, loading each history by its type', async () => {
    server.on('GET', '/api/quickCharge/wire_info', ok([]));
    view = await renderRoutes(routes, '/mine/charge');
    await click(q('.segmented__item[data-value="1"]'));
    expect(view.location().search).toBe('?type=1');
    const types = server.seen.filter((r) => r.url === '/api/quickCharge/quick_ist').map((r) => r.params.type);
    expect(types).toEqual([0, 1]);
  });
});
