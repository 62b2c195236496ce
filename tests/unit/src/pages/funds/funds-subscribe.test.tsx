// /mining/subscribe: the balance in the money format, the docs/contract.md §5 messages before the confirm sheet
// (never a sheet for a bad amount, so never a negative income), the message gone once the amount is edited, a
// visitor sent to /login?from=, and checkFundAmount, the rule the screen and /api/fund/buy share.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, type ReactElement } from 'react';
import { useLocation, type RouteObject } from 'react-router-dom';
import { SubscribePage } from '../../../../../src/pages/funds/subscribe-page.tsx';
import { checkFundAmount } from '../../../../../domain/fund-maths.ts';
import type { Fund } from '../../../../../domain/fund-types.ts';
import { signIn } from '../../../../../src/state/account/session.ts';
import { $toasts } from '../../../../../src/state/shell/toasts.ts';
import { ok } from '../../../api-fake-server.ts';
import { click, renderRoutes, settle, submit, typeInto } from '../../../pages-render.tsx';
import { startInEnglish, useFakeApi } from '../../../page-suite.tsx';

const REAL = { id: 1, uid: 'U100', email: 'real@x.co', mobile: '', is_demo: 0 as const, invite_code: 'A' };
const DEMO = { ...REAL, id: 2, is_demo: 1 as const };
const FUND: Fund = {
  id: 7,
  lang: 'en',
  title: 'Starter',
  image: '',
  currency_code: 'USD',
  lock_dividend_days: 30,
  dividend_percentage: '0.5',
  staring_sub_amount: '100',
  max_sub_amount: '50000',
  desc: 'A fund',
  liquidated_damages: '10',
};

function Where(): ReactElement {
  const loc = useLocation();
  return <p data-testid="where">{`${loc.pathname}${loc.search}`}</p>;
}

const routes: RouteObject[] = [
  { path: '/mining/subscribe', element: <SubscribePage /> },
  { path: '*', element: <Where /> },
];

const fake = useFakeApi();
const q = (sel: string): HTMLElement | null => document.body.querySelector<HTMLElement>(sel);
const sheetOpen = (): boolean => q('[data-testid="fund-confirm"]') !== null;

async function tryAmount(text: string): Promise<string> {
  await typeInto(q('[data-testid="fund-amount"]'), text);
  await submit(q('.fund-form'));
  return q('[data-testid="fund-error"]')?.textContent ?? '';
}

beforeAll(startInEnglish);

beforeEach(async () => {
  fake.server.on('GET', '/api/fund/info', ok(FUND));
  fake.server.on('GET', '/v1/api/main/wallet/getBalance', ok({ balance: '699.70311', lock_balance: '0' }));
});

describe('/mining/subscribe', () => {
  it('shows the available balance with 2 decimals and grouping, and the fund limits as money', async () => {
    fake.server.on('GET', '/v1/api/main/wallet/getBalance', ok({ balance: '100000.00', lock_balance: '0' }));
    signIn({ token: 't', user: REAL });
    await renderRoutes(routes, '/mining/subscribe?id=7');
    expect(q('[data-testid="fund-balance"]')?.textContent).toBe('100,000.00 USD');
    expect(q('.fund-facts')?.textContent).toContain('50,000.00');
  });

  it('shows a fund without a picture by its initial (never an empty src)', async () => {
    signIn({ token: 't', user: REAL });
    await renderRoutes(routes, '/mining/subscribe?id=7');
    expect(q('.fund-card__head img')).toBeNull();
    expect(q('.fund-card__logo--blank')?.textContent).toBe('S'); // Starter
  });

  it("draws a fund's picture", async () => {
    fake.server.on('GET', '/api/fund/info', ok({ ...FUND, image: 'https://cdn.example/f.png' }));
    signIn({ token: 't', user: REAL });
    await renderRoutes(routes, '/mining/subscribe?id=7');
    expect(q('.fund-card__head img')?.getAttribute('src')).toBe('https://cdn.example/f.png');
    expect(q('.fund-card__logo--blank')).toBeNull();
  });

  it("shows the fund's initial when its picture fails to load", async () => {
    fake.server.on('GET', '/api/fund/info', ok({ ...FUND, image: 'https://cdn.example/gone.png' }));
    signIn({ token: 't', user: REAL });
    await renderRoutes(routes, '/mining/subscribe?id=7');
    await act(async () => {
      q('.fund-card__head img')?.dispatchEvent(new Event('error'));
      await settle();
    });
    expect(q('.fund-card__head img')).toBeNull();
    expect(q('.fund-card__logo--blank')?.textContent).toBe('S');
  });

  it('rounds an unrounded balance to the cent', async () => {
    signIn({ token: 't', user: REAL });
    await renderRoutes(routes, '/mining/subscribe?id=7');
    expect(q('[data-testid="fund-balance"]')?.textContent).toBe('699.70 USD');
  });

  it('opens no sheet for an empty, malformed, out-of-range or unaffordable amount: the docs/contract.md §5 message instead', async () => {
    signIn({ token: 't', user: REAL });
    await renderRoutes(routes, '/mining/subscribe?id=7');
    const cases: Array<[string, string]> = [
      ['', 'Please input the lock amount'],
      ['-100', 'Please enter an amount greater than 0'],
      ['0', 'Please enter an amount greater than 0'],
      ['1,000', 'Please enter a number (digits and one decimal point, such as 25.50)'],
      ['1e2', 'Please enter a number (digits and one decimal point, such as 25.50)'],
      ['100.001', 'The amount can have at most 2 decimals'],
      ['99.99', 'The minimum subscription is 100'],
      ['50000.01', 'The maximum subscription is 50000'],
      ['700', 'Insufficient balance'],
    ];
    for (const [amount, message] of cases) {
      expect(await tryAmount(amount), amount).toBe(message);
      expect(sheetOpen(), amount).toBe(false);
    }
    expect(fake.server.seen.some((r) => r.url === '/api/fund/buy')).toBe(false);
  });

  it('clears the message once the amount is edited, then confirms a good amount with its income', async () => {
    fake.server.on('GET', '/api/fund/buy', ok(null, 'Subscribed'));
    signIn({ token: 't', user: REAL });
    await renderRoutes(routes, '/mining/subscribe?id=7');
    expect(await tryAmount('50')).toBe('The minimum subscription is 100');
    await typeInto(q('[data-testid="fund-amount"]'), '500');
    expect(q('[data-testid="fund-error"]')).toBeNull();
    await submit(q('.fund-form'));
    expect(sheetOpen()).toBe(true);
    expect(q('[data-testid="fund-day-profit"]')?.textContent).toBe('2.5000 USD');
    expect(q('[data-testid="fund-total-profit"]')?.textContent).toBe('75.0000 USD');
    await click(q('[data-testid="fund-confirm"]'));
    expect(fake.server.seen.find((r) => r.url === '/api/fund/buy')?.params).toMatchObject({ id: 7, amount: '500' });
    expect(q('[data-testid="where"]')?.textContent).toBe('/mining/record');
  });

  it('sends a visitor to /login?from= the fund instead of a "session expired" from the server', async () => {
    await renderRoutes(routes, '/mining/subscribe?id=7');
    await typeInto(q('[data-testid="fund-amount"]'), '500');
    await submit(q('.fund-form'));
    await settle();
    expect(q('[data-testid="where"]')?.textContent).toBe('/login?from=%2Fmining%2Fsubscribe%3Fid%3D7');
    expect(fake.server.seen.some((r) => r.url === '/api/fund/buy')).toBe(false);
  });

  it('tells a demo account a real account is needed, with no sheet', async () => {
    signIn({ token: 't', user: DEMO });
    await renderRoutes(routes, '/mining/subscribe?id=7');
    await typeInto(q('[data-testid="fund-amount"]'), '500');
    await submit(q('.fund-form'));
    expect($toasts.value.map((t) => t.text)).toEqual(['Please register or log in to a real account']);
    expect(sheetOpen()).toBe(false);
  });
});

describe('checkFundAmount', () => {
  it('is the server rule too: required, a plain positive amount, within the fund limits', () => {
    expect(checkFundAmount(' ', FUND)).toEqual({ ok: false, error: 'lock_amount_required', params: {} });
    expect(checkFundAmount('-100', FUND)).toMatchObject({ ok: false, error: 'amount_invalid' });
    expect(checkFundAmount('99', FUND)).toEqual({ ok: false, error: 'fund_below_min', params: { min: '100' } });
    expect(checkFundAmount('50001', FUND)).toEqual({ ok: false, error: 'fund_above_max', params: { max: '50000' } });
    const good = checkFundAmount('100.50', FUND);
    expect(good.ok && good.value.toFixed()).toBe('100.5');
  });
});
