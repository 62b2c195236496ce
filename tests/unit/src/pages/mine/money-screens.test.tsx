// The deposit side of the money screens without a browser: /mine/history (type 10 memo rule, "no more" at the total,
// "no data"), and /mine/charge (checks before anything is sent, one proof image uploaded then sent with the charge,
// the §8 toast, the proof emptied after a submit, a replaced upload, the no-pay-way message).
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { formatDate } from '../../../../../src/i18n/index.ts';
import { $toasts } from '../../../../../src/state/shell/toasts.ts';
import { HistoryPage, recordText } from '../../../../../src/pages/mine/history-page.tsx';
import { ChargePage } from '../../../../../src/pages/mine/charge-page.tsx';
import { ok, type Reply } from '../../../api-fake-server.ts';
import { renderRoutes, settle, submit, typeInto, type Rendered } from '../../../pages-render.tsx';
import { startInEnglish, useFakeApi } from '../../../page-suite.tsx';

const routes: RouteObject[] = [
  { path: '/mine/history', element: <HistoryPage /> },
  { path: '/mine/charge', element: <ChargePage /> },
];

const PROOF_A = '/api/common/image/AAAAAAAAAAAAAAAAAAAAAA';
const PROOF_B = '/api/common/image/BBBBBBBBBBBBBBBBBBBBBB';
const ADDRESS = 'TKzxdSv2FZKQrEqkKVgp5DcwEXBEKMg2Ax';

const fake = useFakeApi();
let view: Rendered | null = null;
const q = (sel: string): Element | null => view?.container.querySelector(sel) ?? null;
const all = (sel: string): Element[] => [...(view?.container.querySelectorAll(sel) ?? [])];
const toasts = (): string[] => $toasts.value.map((t) => t.text);
const sent = (url: string) => fake.server.seen.filter((r) => r.url === url);

/** Chooses a file in the proof picker as a trader would. */
async function chooseProof(name: string): Promise<void> {
  const input = q('[data-testid="proof"] input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', {
    configurable: true,
    value: [new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })],
  });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}

beforeAll(startInEnglish);

beforeEach(async () => {
  fake.server.on('GET', '/v1/api/main/wallet/getBalance', ok({ balance: '1234.5', lock_balance: '10' }));
  fake.server.on(
    'GET',
    '/api/quickCharge/info',
    ok([{ id: 1, currency_code: 'USDT', protocol_code: 'TRC20', address: ADDRESS }]),
  );
  fake.server.on('GET', '/api/quickCharge/symbols', ok([{ id: 1, name: 'USD' }]));
  fake.server.on('GET', '/api/quickCharge/wire_info', ok([]));
  fake.server.on('GET', '/api/quickCharge/quick_ist', ok({ data: [], total: 0 }));
  fake.server.on('GET', '/api/common/image/AAAAAAAAAAAAAAAAAAAAAA', { raw: new Blob([]) });
  fake.server.on('GET', '/api/common/image/BBBBBBBBBBBBBBBBBBBBBB', { raw: new Blob([]) });
});

describe('/mine/history', () => {
  it('shows the memo for type 10 and the translated memo otherwise', () => {
    const base = { Id: 1, Value: '1', CreatedAtTran: '' };
    expect(recordText({ ...base, Type: 10, Memo: 'Goodwill', MemoTran: 'ignored' })).toBe('Goodwill');
    expect(recordText({ ...base, Type: 31, Memo: '#4 250 USDT', MemoTran: 'Deposit #4 250 USDT' })).toBe(
      'Deposit #4 250 USDT',
    );
  });

  it('shows available and frozen, the records, and "no more" once the total is loaded', async () => {
    fake.server.on(
      'GET',
      '/v1/api/main/accountLog/forexChange',
      ok({
        list: [
          { Id: 2, Value: '-5.00', Type: 10, Memo: 'Correction', MemoTran: 'x', CreatedAtTran: '2026-01-06 12:00:00' },
          {
            Id: 1,
            Value: '250.00',
            Type: 31,
            Memo: '#1 250 USDT',
            MemoTran: 'Deposit #1 250 USDT',
            CreatedAtTran: '2026-01-06 11:00:00',
          },
        ],
        total: 2,
      }),
    );
    view = await renderRoutes(routes, '/mine/history');
    expect(q('[data-testid="available"]')?.textContent).toBe('1,234.50');
    expect(q('[data-testid="frozen"]')?.textContent).toBe('10.00');
    expect(all('[data-testid="records"] .mw-row__title').map((e) => e.textContent)).toEqual([
      'Correction',
      'Deposit #1 250 USDT',
    ]);
    expect(all('[data-testid="records"] .mw-row__amount').map((e) => e.textContent)).toEqual(['-5.00', '+250.00']);
    // The wire's UTC list time in the app's one date format (the order sheet's too), not as the wire wrote it.
    expect(all('[data-testid="records"] .mw-row__sub').map((e) => e.textContent)).toEqual([
      formatDate('2026-01-06T12:00:00Z'),
      formatDate('2026-01-06T11:00:00Z'),
    ]);
    expect(q('[data-testid="records"] .mw-row__sub')?.textContent).not.toBe('2026-01-06 12:00:00');
    expect(q('[data-testid="records"]')?.getAttribute('data-state')).toBe('finished');
  });

  it('says "no data" without records', async () => {
    fake.server.on('GET', '/v1/api/main/accountLog/forexChange', ok({ list: [], total: 0 }));
    view = await renderRoutes(routes, '/mine/history');
    expect(q('[data-testid="records"]')?.getAttribute('data-state')).toBe('empty');
    expect(q('.empty-state')?.textContent).toContain('No data');
  });
});

describe('/mine/charge', () => {
  it('checks the coin form first, then sends the amount with the uploaded proof and toasts the server message', async () => {
    fake.server.on('POST', '/api/common/image_upload', ok({ url: PROOF_A }));
    fake.server.on('GET', '/api/quickCharge/submit', ok(null, 'Submitted, your deposit will be credited after review'));
    view = await renderRoutes(routes, '/mine/charge');
    expect(q('[data-testid="deposit-address"]')?.textContent).toBe(ADDRESS);

    await submit(q('[data-testid="coin-charge"]'));
    expect(q('.mw-error')?.textContent).toBe('Please enter the number of coins to be charged');
    await typeInto(q('input[name="number"]'), '0.000000001');
    await submit(q('[data-testid="coin-charge"]'));
    expect(q('.mw-error')?.textContent).toBe('The amount can have at most 8 decimals');
    await typeInto(q('input[name="number"]'), '250');
    await submit(q('[data-testid="coin-charge"]'));
    expect(q('.mw-error')?.textContent).toBe('Please upload the payment proof');
    expect(sent('/api/quickCharge/submit')).toHaveLength(0);

    await chooseProof('proof.png');
    expect(q('[data-testid="proof"]')?.getAttribute('data-state')).toBe('done');
    await submit(q('[data-testid="coin-charge"]'));
    expect(
      sent('/api/quickCharge/submit').map((r) => [
        r.params.number,
        r.params.proofImg,
        r.params.address,
        r.params.charge_id,
      ]),
    ).toEqual([['250', PROOF_A, ADDRESS, 1]]);
    expect(toasts()).toContain('Submitted, your deposit will be credited after review');
    expect(sent('/api/quickCharge/quick_ist')).toHaveLength(2); // the history reloaded
  });

  it('empties the proof after a submit, so the next charge needs an image of its own', async () => {
    fake.server.on('POST', '/api/common/image_upload', ok({ url: PROOF_A }));
    fake.server.on('GET', '/api/quickCharge/submit', ok(null, 'Submitted'));
    view = await renderRoutes(routes, '/mine/charge');
    await typeInto(q('input[name="number"]'), '10');
    await chooseProof('proof.png');
    await submit(q('[data-testid="coin-charge"]'));
    expect(sent('/api/quickCharge/submit')).toHaveLength(1);
    expect(q('[data-testid="proof"]')?.getAttribute('data-state')).toBe('empty');
    expect(q('[data-testid="proof"] img')).toBeNull();
  });

  it('keeps the second image when one is chosen while the first is still uploading', async () => {
    let releaseFirst: (r: Reply) => void = () => undefined;
    let uploads = 0;
    fake.server.on('POST', '/api/common/image_upload', () => {
      uploads += 1;
      if (uploads === 1)
        return new Promise<Reply>((resolve) => {
          releaseFirst = resolve;
        });
      return ok({ url: PROOF_B });
    });
    fake.server.on('GET', '/api/quickCharge/submit', ok(null, 'Submitted'));
    view = await renderRoutes(routes, '/mine/charge');
    await chooseProof('first.png');
    expect(q('[data-testid="proof"]')?.getAttribute('data-state')).toBe('uploading');
    await chooseProof('second.png');
    await act(async () => {
      releaseFirst(ok({ url: PROOF_A }));
    });
    await settle();
    expect(q('[data-testid="proof"]')?.getAttribute('data-state')).toBe('done');
    expect(q('[data-testid="proof"] img')).not.toBeNull();
    await typeInto(q('input[name="number"]'), '10');
    await submit(q('[data-testid="coin-charge"]'));
    expect(sent('/api/quickCharge/submit').map((r) => r.params.proofImg)).toEqual([PROOF_B]);
  });

  it('says there is no pay way when a currency has no account or none is chosen, and sends nothing', async () => {
    view = await renderRoutes(routes, '/mine/charge');
    await act(async () => {
      (q('.segmented__item[data-value="1"]') as HTMLElement).click();
    });
    await settle();
    // A currency without accounts says so on the screen before any submit.
    expect(q('[data-testid="no-pay-way"]')?.textContent).toBe(
      'There is no payment channel for the French currency account',
    );
    await submit(q('[data-testid="bank-charge"]'));
    expect(toasts()).toContain('There is no payment channel for the French currency account');
    expect(sent('/api/quickCharge/wire_submit')).toHaveLength(0);
    expect(sent('/api/quickCharge/quick_ist').map((r) => r.params.type)).toEqual([0, 1]);
  });
});

describe('/mine/charge bank tab and messages', () => {
  const BANKS = [
    {
      id: 11,
      bank_name: 'First Bank',
      bank_address: '',
      bank_swift: 'FBKAUS33',
      payee_name: 'Tickwise Ltd',
      payee_account: '111',
      bank_remark: '',
    },
    {
      id: 12,
      bank_name: 'Second Bank',
      bank_address: '',
      bank_swift: 'SBKAUS33',
      payee_name: 'Tickwise Ltd',
      payee_account: '222',
      bank_remark: '',
    },
  ];

  it('chooses the first account when the list arrives, shows which is chosen, and submits to it', async () => {
    fake.server.on('GET', '/api/quickCharge/wire_info', ok(BANKS));
    fake.server.on('POST', '/api/common/image_upload', ok({ url: PROOF_A }));
    fake.server.on('GET', '/api/quickCharge/wire_submit', ok(null, 'Submitted'));
    view = await renderRoutes(routes, '/mine/charge');
    await act(async () => {
      (q('.segmented__item[data-value="1"]') as HTMLElement).click();
    });
    await settle();
    const checked = () => all('.mw-bank').map((e) => `${e.getAttribute('data-id')}:${e.getAttribute('aria-checked')}`);
    expect(checked()).toEqual(['11:true', '12:false']);
    expect(all('.mw-bank .mw-bank__radio')).toHaveLength(2); // each card shows it is a choice
    await typeInto(q('input[name="number"]'), '500');
    await chooseProof('wire.png');
    await submit(q('[data-testid="bank-charge"]'));
    expect(toasts()).not.toContain('There is no payment channel for the French currency account');
    expect(sent('/api/quickCharge/wire_submit').map((r) => [r.params.wire_id, r.params.number])).toEqual([[11, '500']]);

    await act(async () => {
      (q('.mw-bank[data-id="12"]') as HTMLElement).click();
    });
    expect(checked()).toEqual(['11:false', '12:true']);
  });

  it('takes a message away as soon as what it was about is fixed: the amount edited, the proof uploaded', async () => {
    fake.server.on('POST', '/api/common/image_upload', ok({ url: PROOF_A }));
    view = await renderRoutes(routes, '/mine/charge');
    await typeInto(q('input[name="number"]'), '-5');
    await submit(q('[data-testid="coin-charge"]'));
    expect(q('.mw-error')?.textContent).toBe('Please enter an amount greater than 0');
    expect((q('input[name="number"]') as HTMLInputElement).value).toBe('-5'); // never rewritten
    await typeInto(q('input[name="number"]'), '5');
    expect(q('.mw-error')).toBeNull();
    await submit(q('[data-testid="coin-charge"]'));
    expect(q('.mw-error')?.textContent).toBe('Please upload the payment proof');
    await chooseProof('proof.png');
    expect(q('.mw-error')).toBeNull();
  });
});
