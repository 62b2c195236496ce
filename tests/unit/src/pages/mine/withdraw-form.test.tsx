// /mine/withdraw while its lists load: "add an address" is offered only once the saved methods are known to be none,
// and Review waits for the currencies (a press before them did nothing, silently), the form busy until they are in.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { WithdrawPage } from '../../../../../src/pages/mine/withdraw-page.tsx';
import { ok, type Reply } from '../../../api-fake-server.ts';
import { renderRoutes, settle, typeInto, type Rendered } from '../../../pages-render.tsx';
import { startInEnglish, useFakeApi } from '../../../page-suite.tsx';

const routes: RouteObject[] = [{ path: '/mine/withdraw', element: <WithdrawPage /> }];
const fake = useFakeApi();
let view: Rendered;
const q = (sel: string): HTMLElement | null => view.container.querySelector<HTMLElement>(sel);

/** A reply held back until `release` is called. */
function held(reply: Reply): { handler: () => Promise<Reply>; release: () => void } {
  let release = (): void => undefined;
  const gate = new Promise<void>((r) => (release = r));
  return { handler: () => gate.then(() => reply), release };
}

beforeAll(startInEnglish);

beforeEach(() => {
  fake.server.on('GET', '/v1/api/main/wallet/getBalance', ok({ balance: '950', lock_balance: '0' }));
  fake.server.on('GET', '/api/account/draw_list', ok({ data: [], total: 0 }));
});

describe('the withdrawal form while its lists load', () => {
  it('offers "add one" only once no method is saved, and Review only once the currencies are in', async () => {
    const currencies = held(
      ok([{ id: 1, code: 'USDT', protocol: 'TRC20', draw_rate: '1', fee_type: 1, usd_price: '1' }]),
    );
    const methods = held(ok([]));
    fake.server.on('GET', '/api/account/draw_symbol_list', currencies.handler);
    fake.server.on('GET', '/api/wallet/get_draw_method', methods.handler);
    view = await renderRoutes(routes, '/mine/withdraw');
    await settle();
    expect(q('[data-testid="bind-first"]')).toBeNull();
    expect((q('[data-testid="withdraw-submit"]') as HTMLButtonElement).disabled).toBe(true);
    expect(q('[data-testid="withdraw-form"]')?.getAttribute('aria-busy')).toBe('true');

    currencies.release();
    await settle();
    expect((q('[data-testid="withdraw-submit"]') as HTMLButtonElement).disabled).toBe(false);
    expect(q('[data-testid="withdraw-form"]')?.getAttribute('aria-busy')).toBe('false');
    expect(q('[data-testid="bind-first"]')).toBeNull(); // the methods are still on their way

    methods.release();
    await settle();
    expect(q('[data-testid="bind-first"]')?.textContent).toBe('Add an address');
  });
});

describe('the withdrawal preview', () => {
  it('writes the fee and the amount received as money: separators and the currency’s two places', async () => {
    fake.server.on('GET', '/v1/api/main/wallet/getBalance', ok({ balance: '20000', lock_balance: '0' }));
    fake.server.on(
      'GET',
      '/api/account/draw_symbol_list',
      ok([{ id: 1, code: 'USDT', protocol: 'TRC20', draw_rate: '1', fee_type: 1, usd_price: '1' }]),
    );
    fake.server.on('GET', '/api/wallet/get_draw_method', ok([]));
    view = await renderRoutes(routes, '/mine/withdraw');
    await settle();
    await typeInto(q('input[name="number"]'), '15000');
    expect(q('[data-testid="withdraw-available"]')?.textContent).toBe('20,000.00 USD');
    expect(q('[data-testid="fee"]')?.textContent).toBe('1.00 USD');
    expect(q('[data-testid="receive"]')?.textContent).toBe('14,999.00 USDT'); // not 14999.00 beside 15,000.00
  });
});
